/*
 * The tracks on the globe (a map, or each device of a map: device-tracks.ts): a polyline (decimated
 * by camera height), sample dots, a translucent curtain from the track down to the ground in the
 * map's colour, and the track's shadow on the ground. There is no terrain (the ellipsoid is the
 * ground), so the shadow is the track at height 0 and needs no ground-clamping pass. Curtain and
 * shadow only where the track has altitude: a track on the ground has neither.
 */
import {
  Color,
  ColorGeometryInstanceAttribute,
  GeometryInstance,
  Material,
  PerInstanceColorAppearance,
  PointPrimitiveCollection,
  PolylineCollection,
  Primitive,
  WallGeometry,
  Cartesian3,
  type Scene,
} from 'cesium';
import { decimatedIndexes, mergedIndexes } from './track-geometry.ts';
import type { GlobeTrack } from './globe-track.ts';

/** At most this many wall segments per track: the curtain reads as a surface, not as detail. */
const CURTAIN_VERTICES = 1500;
const DOT_COUNT = 400;
const CURTAIN_ALPHA = 0.28;
const SHADOW_ALPHA = 0.55;
/** Below this a track is on the ground: no curtain, no shadow. */
const AIRBORNE_METRES = 2;

export class TrackLayer {
  private readonly lines: PolylineCollection;
  private readonly shadows: PolylineCollection;
  private readonly dots: PointPrimitiveCollection;
  private curtains: Primitive | undefined;

  constructor(private readonly scene: Scene) {
    this.shadows = scene.primitives.add(new PolylineCollection()) as PolylineCollection;
    this.lines = scene.primitives.add(new PolylineCollection()) as PolylineCollection;
    this.dots = scene.primitives.add(new PointPrimitiveCollection()) as PointPrimitiveCollection;
  }

  /** Redraws every track; `vertexBudget` is shared among them. */
  draw(tracks: readonly GlobeTrack[], options: { mergePoints: boolean; vertexBudget: number }): void {
    this.lines.removeAll();
    this.shadows.removeAll();
    this.dots.removeAll();
    if (this.curtains) this.scene.primitives.remove(this.curtains);
    this.curtains = undefined;
    const perTrack = Math.max(1000, Math.floor(options.vertexBudget / Math.max(1, tracks.length)));
    const walls: GeometryInstance[] = [];
    for (const track of tracks) {
      const { points } = track;
      if (points.count === 0) continue;
      let indexes = decimatedIndexes(points.count, perTrack);
      if (options.mergePoints) indexes = mergedIndexes(points, indexes);
      const colour = Color.fromCssColorString(track.colour);
      const positions = indexes.map((index) =>
        Cartesian3.fromDegrees(points.longitudes[index]!, points.latitudes[index]!, points.altitudes[index] ?? 0),
      );
      this.lines.add({ positions, width: 3, material: Material.fromType('Color', { color: colour }) });
      const dotStride = Math.max(1, Math.ceil(positions.length / DOT_COUNT));
      for (let at = 0; at < positions.length; at += dotStride)
        this.dots.add({ position: positions[at]!, pixelSize: 3, color: colour });
      const airborne = indexes.some((index) => (points.altitudes[index] ?? 0) > AIRBORNE_METRES);
      if (!airborne) continue;
      const ground = indexes.map((index) =>
        Cartesian3.fromDegrees(points.longitudes[index]!, points.latitudes[index]!, 0),
      );
      this.shadows.add({
        positions: ground,
        width: 2,
        material: Material.fromType('Color', { color: Color.BLACK.withAlpha(SHADOW_ALPHA) }),
      });
      // Repeated positions (a hover) would leave wall segments of no length, which WallGeometry refuses.
      const wall = decimatedIndexes(indexes.length, CURTAIN_VERTICES)
        .map((at) => positions[at]!)
        .filter((position, at, all) => at === 0 || !Cartesian3.equalsEpsilon(position, all[at - 1]!, 0, 0.01));
      if (wall.length < 2) continue;
      walls.push(
        new GeometryInstance({
          id: `curtain-${track.id}`,
          geometry: new WallGeometry({ positions: wall, minimumHeights: wall.map(() => 0) }),
          attributes: { color: ColorGeometryInstanceAttribute.fromColor(colour.withAlpha(CURTAIN_ALPHA)) },
        }),
      );
    }
    if (walls.length > 0) {
      // Synchronous: built in this frame, so "drawn" (globe-idle.ts) means drawn with the curtain.
      this.curtains = this.scene.primitives.add(
        new Primitive({
          geometryInstances: walls,
          appearance: new PerInstanceColorAppearance({ translucent: true, closed: false, flat: true }),
          asynchronous: false,
        }),
      ) as Primitive;
    }
  }

  destroy(): void {
    for (const primitive of [this.lines, this.shadows, this.dots, this.curtains])
      if (primitive) this.scene.primitives.remove(primitive);
  }
}
