/*
 * Which parts of the screen the tracks hold, so the context's labels (places, airports) can stay
 * off them: the tracks' lines on screen are rasterised into a coarse grid of cells, widened by a
 * margin, and a label whose box touches a held cell is not shown.
 */
import type { ScreenVector } from './label-placement.ts';

export interface ScreenBox {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

const CELL_PX = 8;
// Far off-screen points (a track behind the camera) would make huge loops: lines are clipped to this.
const LOW_PX = -4096;
const HIGH_PX = 16384;

/** The part of the segment inside the clip square (Liang-Barsky), or undefined when none is. */
function clippedSegment(from: ScreenVector, to: ScreenVector): [ScreenVector, ScreenVector] | undefined {
  let [enter, leave] = [0, 1];
  const [dx, dy] = [to.x - from.x, to.y - from.y];
  const edges: [number, number][] = [
    [-dx, from.x - LOW_PX],
    [dx, HIGH_PX - from.x],
    [-dy, from.y - LOW_PX],
    [dy, HIGH_PX - from.y],
  ];
  for (const [p, q] of edges) {
    if (p === 0) {
      if (q < 0) return undefined;
      continue;
    }
    const t = q / p;
    if (p < 0) enter = Math.max(enter, t);
    else leave = Math.min(leave, t);
  }
  if (enter > leave) return undefined;
  return [
    { x: from.x + dx * enter, y: from.y + dy * enter },
    { x: from.x + dx * leave, y: from.y + dy * leave },
  ];
}

export class ScreenClearance {
  private readonly held = new Set<number>();

  /** Holds the cells within `marginPx` of the polyline through `points` (screen pixels). */
  holdLine(points: readonly ScreenVector[], marginPx: number): void {
    if (points.length === 1) this.holdDisc(points[0]!, marginPx);
    for (let at = 1; at < points.length; at += 1) {
      const clipped = clippedSegment(points[at - 1]!, points[at]!);
      if (!clipped) continue;
      const [from, to] = clipped;
      const steps = Math.max(1, Math.ceil(Math.hypot(to.x - from.x, to.y - from.y) / CELL_PX));
      for (let step = 0; step <= steps; step += 1)
        this.holdDisc(
          { x: from.x + ((to.x - from.x) * step) / steps, y: from.y + ((to.y - from.y) * step) / steps },
          marginPx,
        );
    }
  }

  /** Holds the cells of the square around `centre` reaching `radiusPx` each way. */
  holdDisc(centre: ScreenVector, radiusPx: number): void {
    this.holdBox({
      left: centre.x - radiusPx,
      top: centre.y - radiusPx,
      right: centre.x + radiusPx,
      bottom: centre.y + radiusPx,
    });
  }

  /** True when any cell under `box` is held. */
  overlaps(box: ScreenBox): boolean {
    let found = false;
    this.eachCell(box, (key) => {
      found ||= this.held.has(key);
    });
    return found;
  }

  holdBox(box: ScreenBox): void {
    this.eachCell(box, (key) => this.held.add(key));
  }

  private eachCell(box: ScreenBox, visit: (key: number) => void): void {
    const clamp = (pixels: number) => Math.max(LOW_PX, Math.min(HIGH_PX, pixels));
    const [left, right] = [Math.floor(clamp(box.left) / CELL_PX), Math.floor(clamp(box.right) / CELL_PX)];
    const [top, bottom] = [Math.floor(clamp(box.top) / CELL_PX), Math.floor(clamp(box.bottom) / CELL_PX)];
    for (let row = top; row <= bottom; row += 1)
      for (let column = left; column <= right; column += 1) visit((row + 1024) * 4096 + column + 1024);
  }
}
