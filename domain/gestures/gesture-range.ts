/*
 * What a pan or a pinch does to a time range drawn along one axis (a chart's x, a list's y): the
 * instant under the fingers stays under them. Pure, so every picture's touch behaves alike and the
 * maths is tested without a browser. Ranges stay inside their bounds (a tenth of margin) and never
 * narrower than MIN_RANGE_MICROS.
 */

export interface TimeRange {
  fromMicros: number;
  toMicros: number;
}

/** The narrowest range a pinch reaches: a millisecond is below any chart's resolution on screen. */
export const MIN_RANGE_MICROS = 1000;

export function clampRange(range: TimeRange, bounds: TimeRange | undefined): TimeRange {
  const span = Math.max(MIN_RANGE_MICROS, range.toMicros - range.fromMicros);
  if (!bounds) return { fromMicros: range.fromMicros, toMicros: range.fromMicros + span };
  const boundsSpan = Math.max(MIN_RANGE_MICROS, bounds.toMicros - bounds.fromMicros);
  const margin = boundsSpan / 10;
  const kept = Math.min(boundsSpan + 2 * margin, span);
  const from = Math.max(bounds.fromMicros - margin, Math.min(range.fromMicros, bounds.toMicros + margin - kept));
  return { fromMicros: from, toMicros: from + kept };
}

/** Fingers moved `movedPx` along an axis `lengthPx` long (positive: towards later times, so the range moves earlier). */
export function panRange(range: TimeRange, movedPx: number, lengthPx: number, bounds?: TimeRange): TimeRange {
  const shift = ((range.toMicros - range.fromMicros) * movedPx) / Math.max(1, lengthPx);
  return clampRange({ fromMicros: range.fromMicros - shift, toMicros: range.toMicros - shift }, bounds);
}

/** Fingers spread by `factor` (above 1: apart, zoom in) about `atPx` along the axis. */
export function zoomRange(
  range: TimeRange,
  factor: number,
  atPx: number,
  lengthPx: number,
  bounds?: TimeRange,
): TimeRange {
  const span = range.toMicros - range.fromMicros;
  const anchor = Math.max(0, Math.min(1, atPx / Math.max(1, lengthPx)));
  const at = range.fromMicros + span * anchor;
  const nextSpan = Math.max(MIN_RANGE_MICROS, span / Math.max(1e-6, factor));
  return clampRange({ fromMicros: at - nextSpan * anchor, toMicros: at - nextSpan * anchor + nextSpan }, bounds);
}

/** The instant at `atPx` along the axis. */
export function instantAt(range: TimeRange, atPx: number, lengthPx: number): number {
  return Math.round(range.fromMicros + ((range.toMicros - range.fromMicros) * atPx) / Math.max(1, lengthPx));
}

/** Whether a range covers its bounds (then it is "the whole incident" again, not a narrowed interval). */
export function coversBounds(range: TimeRange, bounds: TimeRange): boolean {
  return range.fromMicros <= bounds.fromMicros && range.toMicros >= bounds.toMicros;
}
