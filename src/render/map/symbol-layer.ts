/*
 * Each track's symbol at the cursor time, turned by heading, pitch and roll (turned against the
 * camera's heading, so it points the way it flies on screen), with its label set off the track
 * (label-placement.ts) and a leader line back to the symbol. Placement follows the camera: it is
 * worked out again whenever the camera moves (globe-scene.ts calls place()).
 */
import {
  BillboardCollection,
  Cartesian2,
  Cartesian3,
  Color,
  HorizontalOrigin,
  LabelCollection,
  LabelStyle,
  VerticalOrigin,
  type Billboard,
  type Label,
  type Scene,
} from 'cesium';
import { trackAttitude } from '../../../domain/geo/track-attitude.ts';
import type { ScreenBox } from './label-clearance.ts';
import { labelBox, placeLabel, type LabelPlacement } from './label-placement.ts';
import { drawLeader, drawSymbol, SYMBOL_PIXELS } from './symbol-image.ts';
import { belowHorizon } from './horizon.ts';
import { indexAtTime } from './track-geometry.ts';
import type { GlobeTrack } from './globe-track.ts';

const ROUND_DEGREES = 5;
const rounded = (degrees: number) => Math.round(degrees / ROUND_DEGREES) * ROUND_DEGREES;
/** How far along the track (in points) to look for its direction on screen. */
const DIRECTION_REACH = 3;
const HORIZONTAL_ORIGIN: Record<LabelPlacement['horizontal'], HorizontalOrigin> = {
  left: HorizontalOrigin.LEFT,
  center: HorizontalOrigin.CENTER,
  right: HorizontalOrigin.RIGHT,
};
const VERTICAL_ORIGIN: Record<LabelPlacement['vertical'], VerticalOrigin> = {
  top: VerticalOrigin.TOP,
  center: VerticalOrigin.CENTER,
  bottom: VerticalOrigin.BOTTOM,
};
const LABEL_PLATE = Color.fromCssColorString('#15191e').withAlpha(0.8);

interface Shown {
  track: GlobeTrack;
  index: number;
  position: Cartesian3;
  symbol: Billboard;
  leader: Billboard;
  label: Label;
  /** Whether the Earth hides it from the camera (its symbols draw over the globe, so they are hidden by hand). */
  behindEarth: boolean;
}

export class SymbolLayer {
  private readonly symbols: BillboardCollection;
  private readonly leaders: BillboardCollection;
  private readonly labels: LabelCollection;
  private readonly shown = new Map<number, Shown>();
  private showLabels = true;

  constructor(private readonly scene: Scene) {
    this.leaders = scene.primitives.add(new BillboardCollection({ scene })) as BillboardCollection;
    this.symbols = scene.primitives.add(new BillboardCollection({ scene })) as BillboardCollection;
    this.labels = scene.primitives.add(new LabelCollection({ scene })) as LabelCollection;
  }

  /** Moves each track's symbol to its point at `cursorMicros` (the first point when undefined). */
  update(tracks: readonly GlobeTrack[], cursorMicros: number | undefined, showLabels: boolean): void {
    this.showLabels = showLabels;
    const wanted = new Set(tracks.map((track) => track.id));
    for (const [id, shown] of this.shown) {
      if (wanted.has(id) && shown.track.points.count > 0) continue;
      this.symbols.remove(shown.symbol);
      this.leaders.remove(shown.leader);
      this.labels.remove(shown.label);
      this.shown.delete(id);
    }
    for (const track of tracks) {
      const { points } = track;
      if (points.count === 0) continue;
      const index = indexAtTime(points.timestamps, cursorMicros ?? points.timestamps[0]!);
      const position = Cartesian3.fromDegrees(
        points.longitudes[index]!,
        points.latitudes[index]!,
        points.altitudes[index] ?? 0,
      );
      let shown = this.shown.get(track.id);
      if (!shown) {
        const common = { position, disableDepthTestDistance: Number.POSITIVE_INFINITY };
        shown = {
          track,
          index,
          position,
          behindEarth: false,
          leader: this.leaders.add(common),
          symbol: this.symbols.add({ ...common, verticalOrigin: VerticalOrigin.CENTER }),
          // On a dark plate: an outlined text washes out over bright imagery under software WebGL.
          label: this.labels.add({
            ...common,
            text: '',
            font: '12px sans-serif',
            fillColor: Color.WHITE,
            style: LabelStyle.FILL,
            showBackground: true,
            backgroundColor: LABEL_PLATE,
            backgroundPadding: new Cartesian2(6, 3),
          }),
        };
        this.shown.set(track.id, shown);
      }
      Object.assign(shown, { track, index, position });
      shown.symbol.position = position;
      shown.leader.position = position;
      shown.label.position = position;
      shown.label.text = points.actors[points.actorIndexes[index]!] || track.name;
    }
    this.place();
  }

  /** Turns the symbols and sets the labels off their tracks for the camera as it is now. */
  place(): void {
    const cameraHeading = (this.scene.camera.heading * 180) / Math.PI;
    // The symbols are drawn over the globe (no depth test) so terrain never cuts them; one on the far
    // side of the Earth (a track on another continent) would then show through it at a wrong place.
    const camera = this.scene.camera.positionWC;
    for (const shown of this.shown.values()) {
      const { track, index } = shown;
      shown.behindEarth = belowHorizon(shown.position, camera);
      shown.symbol.show = !shown.behindEarth;
      const attitude = trackAttitude(track.points, index);
      const turned = {
        heading: rounded(attitude.heading - cameraHeading),
        pitch: rounded(attitude.pitch),
        roll: rounded(attitude.roll),
      };
      shown.symbol.setImage(`${track.icon}:${track.colour}:${turned.heading}:${turned.pitch}:${turned.roll}`, () =>
        drawSymbol(track.icon, track.colour, turned),
      );
      const placement = placeLabel(this.screenDirection(shown));
      this.applyPlacement(shown, placement);
    }
  }

  /** Where the labels of the tracks sit now (for tests and the bench), by track id. */
  placements(): Map<number, LabelPlacement> {
    return new Map([...this.shown].map(([id, shown]) => [id, placeLabel(this.screenDirection(shown))]));
  }

  /** The screen boxes of each symbol and its label as placed now, for the context's labels to avoid. */
  heldBoxes(): ScreenBox[] {
    const boxes: ScreenBox[] = [];
    const half = SYMBOL_PIXELS / 2;
    for (const shown of this.shown.values()) {
      const at = shown.behindEarth
        ? undefined
        : this.scene.cartesianToCanvasCoordinates(shown.position, new Cartesian2());
      if (!at) continue;
      boxes.push({ left: at.x - half, top: at.y - half, right: at.x + half, bottom: at.y + half });
      if (!this.showLabels) continue;
      // The label's size is estimated (12 px text on a padded plate), as its glyphs are not measured here.
      const box = labelBox(placeLabel(this.screenDirection(shown)), shown.label.text.length * 7.5 + 12, 20);
      boxes.push({ left: at.x + box.left, top: at.y + box.top, right: at.x + box.right, bottom: at.y + box.bottom });
    }
    return boxes;
  }

  private applyPlacement(shown: Shown, placement: LabelPlacement): void {
    const { offset } = placement;
    shown.label.pixelOffset = new Cartesian2(offset.x, offset.y);
    shown.label.horizontalOrigin = HORIZONTAL_ORIGIN[placement.horizontal];
    shown.label.verticalOrigin = VERTICAL_ORIGIN[placement.vertical];
    shown.label.show = this.showLabels && !shown.behindEarth;
    shown.leader.setImage(`leader:${offset.x}:${offset.y}`, () => drawLeader(offset));
    shown.leader.show = this.showLabels && !shown.behindEarth;
  }

  /** The track's direction on screen around the current point, or undefined if it cannot be seen. */
  private screenDirection(shown: Shown): { x: number; y: number } | undefined {
    const { points } = shown.track;
    const from = Math.max(0, shown.index - DIRECTION_REACH);
    const to = Math.min(points.count - 1, shown.index + DIRECTION_REACH);
    if (from === to) return undefined;
    const at = (index: number) =>
      this.scene.cartesianToCanvasCoordinates(
        Cartesian3.fromDegrees(points.longitudes[index]!, points.latitudes[index]!, points.altitudes[index] ?? 0),
        new Cartesian2(),
      );
    const [start, end] = [at(from), at(to)];
    if (!start || !end) return undefined;
    return { x: end.x - start.x, y: end.y - start.y };
  }

  destroy(): void {
    for (const collection of [this.symbols, this.leaders, this.labels]) this.scene.primitives.remove(collection);
  }
}
