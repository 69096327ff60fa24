/*
 * The globe's ground: Cesium's ellipsoid (no terrain heights), saying that every tile exists. The
 * stock EllipsoidTerrainProvider answers "unknown" to availability, so Cesium refines a tile only
 * once its own mesh is loaded and walks down one level at a time, a few frames per level, before
 * the tiles under a framed track are drawn (about 20 frames; on software WebGL 1-2 s each). Every
 * tile of an ellipsoid does exist, so saying so lets Cesium load the tiles the view needs at once.
 */
import { EllipsoidTerrainProvider } from 'cesium';

export class EllipsoidTerrain extends EllipsoidTerrainProvider {
  override getTileDataAvailable(): boolean {
    return true;
  }
}
