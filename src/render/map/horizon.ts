/* Whether a point on or above the Earth can be seen from the camera, for what is drawn over the globe. */
import { Cartesian3, Ellipsoid } from 'cesium';

/**
 * Whether the camera is below the horizon of the point's place on the ground: the tangent plane there
 * (a point high above a place just past the horizon is hidden a little early, at the globe's edge).
 */
export function belowHorizon(position: Cartesian3, camera: Cartesian3): boolean {
  const ground = Ellipsoid.WGS84.scaleToGeodeticSurface(position, new Cartesian3());
  if (!ground) return false;
  const up = Ellipsoid.WGS84.geodeticSurfaceNormal(ground, new Cartesian3());
  return Cartesian3.dot(Cartesian3.subtract(camera, ground, new Cartesian3()), up) <= 0;
}
