/*
 * The globe's ground: Cesium's ellipsoid (no terrain heights, as before), made cheaper to load.
 * Cesium's EllipsoidTerrainProvider answers "unknown" to tile availability, so Cesium refines a tile
 * only once its own mesh is loaded and walks down one level per frame to the ~17th level a framed
 * track needs; and each tile's 16×16 mesh is made in a worker, whose start-up alone took the first
 * 10-12 frames of an opened map. On software WebGL every frame costs about a second (bench/RESULTS.md,
 * s20). Every tile of an ellipsoid exists, and its flat grid takes well under a millisecond to make.
 */
import { EllipsoidTerrainProvider, HeightmapTerrainData, type Request, type TerrainData } from 'cesium';

/** As Cesium's EllipsoidTerrainProvider: a 16×16 grid of zero heights per tile. */
const TILE_SAMPLES = 16;

/** What Cesium passes to a tile's createMesh (tiling scheme, tile coordinates, exaggeration). */
type MeshOptions = object;

/**
 * NOTE: `createMesh` and `_createMeshSync` are Cesium's own (private, so not in its types; cesium is
 * pinned in package.json). ellipsoid-terrain.test.ts checks both still exist and make a mesh.
 */
interface CesiumHeightmapMesh {
  _createMeshSync(options: MeshOptions): object;
}

/** A flat tile whose mesh is made at once on the main thread, not scheduled in Cesium's worker. */
export class FlatTileData extends HeightmapTerrainData {
  constructor() {
    super({ buffer: new Uint8Array(TILE_SAMPLES * TILE_SAMPLES), width: TILE_SAMPLES, height: TILE_SAMPLES });
  }

  /** Cesium asks every tile's terrain data for its mesh through this (a promise, as the worker's). */
  createMesh(options: MeshOptions): Promise<object> {
    return Promise.resolve((this as unknown as CesiumHeightmapMesh)._createMeshSync(options));
  }
}

export class EllipsoidTerrain extends EllipsoidTerrainProvider {
  /** Every tile of the ellipsoid exists, so Cesium may refine straight to the tiles the view needs. */
  override getTileDataAvailable(_x: number, _y: number, _level: number): boolean {
    return true;
  }

  override requestTileGeometry(_x: number, _y: number, _level: number, _request?: Request): Promise<TerrainData> {
    return Promise.resolve(new FlatTileData());
  }
}
