/*
 * The globe's offline point context: Natural Earth's populated places as small calm dots and
 * OurAirports' large airports as a small runway symbol, with labels that show only when the camera
 * is near, fade with distance, sit beneath the tracks' own labels and are hidden wherever they
 * would lie on a track (label-clearance.ts). Colours are set for the imagery, which is the same in
 * light and dark themes.
 */
import {
  BillboardCollection,
  Cartesian2,
  Cartesian3,
  Color,
  DistanceDisplayCondition,
  HorizontalOrigin,
  LabelCollection,
  LabelStyle,
  NearFarScalar,
  PointPrimitiveCollection,
  VerticalOrigin,
  type Label,
  type Scene,
} from 'cesium';
import type { NaturalEarthContext } from '../../../domain/geo/natural-earth-context.ts';
import type { GlobeTrack } from './globe-track.ts';
import type { ScreenVector } from './label-placement.ts';
import { ScreenClearance, type ScreenBox } from './label-clearance.ts';
import { drawAirportSymbol, AIRPORT_SYMBOL_PX } from './airport-symbol.ts';
import { decimatedIndexes } from './track-geometry.ts';

const LIFT_METRES = 60;
const PLACE_LABEL_FAR_METRES = 1_500_000;
const AIRPORT_LABEL_FAR_METRES = 600_000;
const PLACE_DOT = Color.fromCssColorString('#f3ede2').withAlpha(0.9);
const DOT_RIM = Color.fromCssColorString('#1b1f24').withAlpha(0.7);
const PLACE_TEXT = Color.fromCssColorString('#e9edf0');
const AIRPORT_TEXT = Color.fromCssColorString('#cfe4f4');
const PLATE = Color.fromCssColorString('#15191e').withAlpha(0.55);
const FONT_PX = 11;
/** Sans-serif at 11 px averages under 7 px a character; a label's box is estimated, not measured. */
const CHARACTER_PX = 7;
const TEXT_GAP_PX = 7;
/** Track points looked at per track when clearing labels: enough to follow its shape on screen. */
const TRACK_SAMPLES = 400;
const TRACK_MARGIN_PX = 8;

interface Placed {
  position: Cartesian3;
  label: Label;
  widthPx: number;
}

export class PlaceLayer {
  private readonly dots: PointPrimitiveCollection;
  private readonly airports: BillboardCollection;
  private readonly labels: LabelCollection;
  private placed: Placed[] = [];
  private cleared = 0;

  constructor(private readonly scene: Scene) {
    this.dots = scene.primitives.add(new PointPrimitiveCollection()) as PointPrimitiveCollection;
    this.airports = scene.primitives.add(new BillboardCollection({ scene })) as BillboardCollection;
    this.labels = scene.primitives.add(new LabelCollection({ scene })) as LabelCollection;
  }

  draw(context: NaturalEarthContext): void {
    this.dots.removeAll();
    this.airports.removeAll();
    this.labels.removeAll();
    this.placed = [];
    const dotScale = new NearFarScalar(1e5, 1.2, 1.2e7, 0.6);
    for (const place of context.places) {
      const position = Cartesian3.fromDegrees(place.longitude, place.latitude, LIFT_METRES);
      this.dots.add({
        position,
        pixelSize: 5,
        color: PLACE_DOT,
        outlineColor: DOT_RIM,
        outlineWidth: 1,
        scaleByDistance: dotScale,
      });
      this.addLabel(position, place.name, PLACE_TEXT, PLACE_LABEL_FAR_METRES);
    }
    const symbol = drawAirportSymbol();
    for (const airport of context.airports) {
      const position = Cartesian3.fromDegrees(airport.longitude, airport.latitude, LIFT_METRES);
      this.airports.add({
        position,
        image: symbol,
        width: AIRPORT_SYMBOL_PX,
        height: AIRPORT_SYMBOL_PX,
        // Airports crowd a continent seen whole: they appear as the camera comes down.
        distanceDisplayCondition: new DistanceDisplayCondition(0, 4_000_000),
        scaleByDistance: new NearFarScalar(1e5, 1.1, 4e6, 0.7),
      });
      this.addLabel(position, airport.iata || airport.name, AIRPORT_TEXT, AIRPORT_LABEL_FAR_METRES);
    }
  }

  /**
   * Hides the labels that would lie on a track, its curtain or shadow, or its symbol and label
   * (`held`: their boxes on screen), for the camera as it is now.
   */
  clearOf(tracks: readonly GlobeTrack[], held: readonly ScreenBox[]): void {
    const camera = this.scene.camera.positionWC;
    const near = new Set(
      this.placed.filter((placed) => Cartesian3.distance(camera, placed.position) < PLACE_LABEL_FAR_METRES),
    );
    const clearance = new ScreenClearance();
    if (near.size > 0) for (const track of tracks) this.holdTrack(clearance, track);
    for (const box of held) clearance.holdBox(box);
    this.cleared = 0;
    const scratch = new Cartesian2();
    for (const placed of this.placed) {
      if (!near.has(placed)) {
        placed.label.show = true;
        continue;
      }
      const at = this.scene.cartesianToCanvasCoordinates(placed.position, scratch);
      const box = at && {
        left: at.x + TEXT_GAP_PX - 2,
        right: at.x + TEXT_GAP_PX + placed.widthPx + 2,
        top: at.y - FONT_PX,
        bottom: at.y + FONT_PX,
      };
      const onTrack = Boolean(box && clearance.overlaps(box));
      placed.label.show = !onTrack;
      if (onTrack) this.cleared += 1;
    }
  }

  /** Places, airports and labels hidden for a track, for tests and the bench. */
  get counts(): { places: number; airports: number; cleared: number } {
    return { places: this.dots.length, airports: this.airports.length, cleared: this.cleared };
  }

  destroy(): void {
    for (const collection of [this.dots, this.airports, this.labels]) this.scene.primitives.remove(collection);
  }

  private addLabel(position: Cartesian3, text: string, colour: Color, farMetres: number): void {
    const label = this.labels.add({
      position,
      text,
      font: `${FONT_PX}px sans-serif`,
      fillColor: colour,
      style: LabelStyle.FILL,
      showBackground: true,
      backgroundColor: PLATE,
      backgroundPadding: new Cartesian2(4, 2),
      horizontalOrigin: HorizontalOrigin.LEFT,
      verticalOrigin: VerticalOrigin.CENTER,
      pixelOffset: new Cartesian2(TEXT_GAP_PX, 0),
      distanceDisplayCondition: new DistanceDisplayCondition(0, farMetres),
      translucencyByDistance: new NearFarScalar(farMetres * 0.4, 1, farMetres, 0),
    });
    this.placed.push({ position, label, widthPx: text.length * CHARACTER_PX });
  }

  private holdTrack(clearance: ScreenClearance, track: GlobeTrack): void {
    const { points } = track;
    if (points.count === 0) return;
    const line: ScreenVector[] = [];
    const shadow: ScreenVector[] = [];
    const toScreen = (index: number, height: number) => {
      const at = this.scene.cartesianToCanvasCoordinates(
        Cartesian3.fromDegrees(points.longitudes[index]!, points.latitudes[index]!, height),
        new Cartesian2(),
      );
      return at && { x: at.x, y: at.y };
    };
    for (const index of decimatedIndexes(points.count, TRACK_SAMPLES)) {
      const [up, down] = [toScreen(index, points.altitudes[index] ?? 0), toScreen(index, 0)];
      if (up) line.push(up);
      if (down) shadow.push(down);
      // The curtain hangs between the two.
      if (up && down) clearance.holdLine([up, down], TRACK_MARGIN_PX);
    }
    clearance.holdLine(line, TRACK_MARGIN_PX);
    clearance.holdLine(shadow, TRACK_MARGIN_PX);
  }
}
