/*
 * The globe's offline context: Natural Earth coastlines and country borders bundled with the app,
 * drawn as two polyline collections over the imagery, so an analyst can tell where on earth a track
 * is with no network and no imagery server. Lines are raised a little above the ellipsoid so the
 * globe's surface does not swallow them at grazing angles.
 */
import { Cartesian3, Color, Material, PolylineCollection, type Scene } from 'cesium';
import type { NaturalEarthContext } from '../../../domain/geo/natural-earth-context.ts';

const LIFT_METRES = 50;
const COAST = Color.fromCssColorString('#d8e6ef').withAlpha(0.75);
const BORDER = Color.fromCssColorString('#f0d9a8').withAlpha(0.6);

export class ContextLayer {
  private readonly coastlines: PolylineCollection;
  private readonly borders: PolylineCollection;

  constructor(private readonly scene: Scene) {
    this.coastlines = scene.primitives.add(new PolylineCollection()) as PolylineCollection;
    this.borders = scene.primitives.add(new PolylineCollection()) as PolylineCollection;
  }

  draw(context: NaturalEarthContext): void {
    this.coastlines.removeAll();
    this.borders.removeAll();
    // NOTE: a Material each: a polyline destroys its material when removed or destroyed, so a shared
    // one is destroyed twice and throws ("This object was destroyed") when the globe is left.
    for (const line of context.coastlines)
      this.coastlines.add({
        positions: positionsOf(line),
        width: 1.25,
        material: Material.fromType('Color', { color: COAST }),
      });
    for (const line of context.borders)
      this.borders.add({
        positions: positionsOf(line),
        width: 1,
        material: Material.fromType('Color', { color: BORDER }),
      });
  }

  /** Lines drawn (coastlines + borders), for tests and the bench. */
  get lineCount(): number {
    return this.coastlines.length + this.borders.length;
  }

  destroy(): void {
    this.scene.primitives.remove(this.coastlines);
    this.scene.primitives.remove(this.borders);
  }
}

function positionsOf(line: Float64Array): Cartesian3[] {
  const positions: Cartesian3[] = [];
  for (let at = 0; at + 1 < line.length; at += 2)
    positions.push(Cartesian3.fromDegrees(line[at]!, line[at + 1]!, LIFT_METRES));
  return positions;
}
