/*
 * Where a track's label goes on screen so it never sits on the track: pushed off the symbol at a
 * right angle to the track's direction on screen (upwards when it can be), anchored by its near
 * edge so its text grows away from the track, and tied back to the symbol by a leader line.
 */

export interface ScreenVector {
  x: number;
  /** Screen y grows downwards. */
  y: number;
}

export interface LabelPlacement {
  /** From the symbol to the label's anchor, in pixels. */
  offset: ScreenVector;
  horizontal: 'left' | 'center' | 'right';
  vertical: 'top' | 'center' | 'bottom';
}

export const LABEL_DISTANCE_PX = 40;
/** A normal this close to an axis counts as along it (centring costs at most 2% of the text width). */
const ALIGNED = 0.02;

/** The label's place for a track running along `direction` on screen (undefined: no motion seen). */
export function placeLabel(
  direction: ScreenVector | undefined,
  distancePx: number = LABEL_DISTANCE_PX,
): LabelPlacement {
  const length = direction ? Math.hypot(direction.x, direction.y) : 0;
  // A track seen end-on or standing still: straight up.
  let normal: ScreenVector = { x: 0, y: -1 };
  if (direction && length > 1e-6) {
    normal = { x: -direction.y / length, y: direction.x / length };
    // The side that points up the screen; a vertical track (a rocket) puts it to the right.
    if (normal.y > 1e-9 || (Math.abs(normal.y) <= 1e-9 && normal.x < 0)) normal = { x: -normal.x, y: -normal.y };
  }
  const offset = { x: Math.round(normal.x * distancePx) + 0, y: Math.round(normal.y * distancePx) + 0 };
  // Anchored by the corner nearest the track, so every corner of the box lies on the normal's side
  // of the track line (each edge grows along or across the normal, never back over the line).
  const horizontal = normal.x > ALIGNED ? 'left' : normal.x < -ALIGNED ? 'right' : 'center';
  const vertical = normal.y < -ALIGNED ? 'bottom' : normal.y > ALIGNED ? 'top' : 'center';
  return { offset, horizontal, vertical };
}

/** The label's box on screen, relative to the symbol, for a text `widthPx` by `heightPx`. */
export function labelBox(
  placement: LabelPlacement,
  widthPx: number,
  heightPx: number,
): { left: number; top: number; right: number; bottom: number } {
  const { offset, horizontal, vertical } = placement;
  const left = horizontal === 'left' ? offset.x : horizontal === 'right' ? offset.x - widthPx : offset.x - widthPx / 2;
  const top = vertical === 'top' ? offset.y : vertical === 'bottom' ? offset.y - heightPx : offset.y - heightPx / 2;
  return { left, top, right: left + widthPx, bottom: top + heightPx };
}
