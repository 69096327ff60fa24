import { Cartesian3, Ellipsoid, Rectangle } from 'cesium';
import { describe, expect, it } from 'vitest';
import { EllipsoidTerrain, FlatTileData } from './ellipsoid-terrain.ts';

/** The parts of Cesium's TerrainMesh (not in its types) that say where the tile's ground is. */
interface MeshShape {
  vertices: Float32Array;
  minimumHeight: number;
  maximumHeight: number;
  boundingSphere3D: { center: Cartesian3; radius: number };
}

describe("the globe's ground", () => {
  const terrain = new EllipsoidTerrain();

  it('says every tile exists, at every level, so Cesium refines without loading each level first', () => {
    expect(terrain.getTileDataAvailable(0, 0, 0)).toBe(true);
    expect(terrain.getTileDataAvailable(134_000, 25_000, 17)).toBe(true);
  });

  it("makes a tile's mesh on the ellipsoid without Cesium's worker (Cesium's private tessellation still there)", async () => {
    // Schiphol's level-17 tile, where the drone demo's survey is framed.
    const [x, y, level] = [134_537, 27_452, 17];
    const data = await terrain.requestTileGeometry(x, y, level);
    expect(data).toBeInstanceOf(FlatTileData);
    const mesh = (await (data as FlatTileData).createMesh({
      tilingScheme: terrain.tilingScheme,
      x,
      y,
      level,
    })) as MeshShape;
    expect(mesh.vertices.length).toBeGreaterThan(16 * 16);
    expect([mesh.minimumHeight, mesh.maximumHeight]).toEqual([0, 0]);
    const centre = Rectangle.center(terrain.tilingScheme.tileXYToRectangle(x, y, level));
    const onGround = Ellipsoid.WGS84.cartographicToCartesian(centre);
    expect(Cartesian3.distance(mesh.boundingSphere3D.center, onGround)).toBeLessThan(mesh.boundingSphere3D.radius);
    expect(mesh.boundingSphere3D.radius).toBeLessThan(1_000);
  });
});
