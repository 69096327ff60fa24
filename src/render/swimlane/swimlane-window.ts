/*
 * The swimlane's time window and its moves (pan, zoom about a point, clamp to the incident), and
 * the y-axis ticks: pure functions, so the interaction is tested without a browser.
 */

export interface TimeWindow {
  fromMicros: number;
  toMicros: number;
}

/** The narrowest window: 50 µs over the whole height, still far below any event's resolution on screen. */
export const MIN_SPAN_MICROS = 50;

/** Keeps the window inside the bounds (with a margin of a tenth) and at least MIN_SPAN_MICROS wide. */
export function clampWindow(window: TimeWindow, bounds: TimeWindow): TimeWindow {
  const boundsSpan = Math.max(MIN_SPAN_MICROS, bounds.toMicros - bounds.fromMicros);
  const margin = boundsSpan / 10;
  const span = Math.min(boundsSpan + 2 * margin, Math.max(MIN_SPAN_MICROS, window.toMicros - window.fromMicros));
  let from = window.fromMicros;
  from = Math.max(bounds.fromMicros - margin, Math.min(from, bounds.toMicros + margin - span));
  return { fromMicros: from, toMicros: from + span };
}

/** Moves the window by a fraction of its span (positive: later). */
export function panWindow(window: TimeWindow, fraction: number, bounds: TimeWindow): TimeWindow {
  const shift = (window.toMicros - window.fromMicros) * fraction;
  return clampWindow({ fromMicros: window.fromMicros + shift, toMicros: window.toMicros + shift }, bounds);
}

/** Zooms by `factor` (above 1 zooms in) keeping the time at `anchor` (0 top .. 1 bottom) in place. */
export function zoomWindow(window: TimeWindow, factor: number, anchor: number, bounds: TimeWindow): TimeWindow {
  const span = window.toMicros - window.fromMicros;
  const at = window.fromMicros + span * anchor;
  const nextSpan = Math.max(MIN_SPAN_MICROS, span / factor);
  return clampWindow({ fromMicros: at - nextSpan * anchor, toMicros: at - nextSpan * anchor + nextSpan }, bounds);
}

/** A window of the same span centred on `micros`. */
export function centerWindow(window: TimeWindow, micros: number, bounds: TimeWindow): TimeWindow {
  const span = window.toMicros - window.fromMicros;
  return clampWindow({ fromMicros: micros - span / 2, toMicros: micros + span / 2 }, bounds);
}

const MS = 1000;
const S = 1000 * MS;
const MIN = 60 * S;
const H = 60 * MIN;
const D = 24 * H;
const STEPS = [
  1,
  2,
  5,
  10,
  20,
  50,
  100,
  200,
  500,
  MS,
  2 * MS,
  5 * MS,
  10 * MS,
  20 * MS,
  50 * MS,
  100 * MS,
  200 * MS,
  500 * MS,
  S,
  2 * S,
  5 * S,
  10 * S,
  15 * S,
  30 * S,
  MIN,
  2 * MIN,
  5 * MIN,
  10 * MIN,
  15 * MIN,
  30 * MIN,
  H,
  2 * H,
  3 * H,
  6 * H,
  12 * H,
  D,
  2 * D,
  7 * D,
  14 * D,
  30 * D,
  90 * D,
  365 * D,
];

/** Tick times for the window: the smallest round step that leaves at least `minGapPx` between ticks. */
export function axisTicks(
  window: TimeWindow,
  heightPx: number,
  minGapPx = 48,
): { stepMicros: number; ticks: number[] } {
  const span = window.toMicros - window.fromMicros;
  const wanted = (span * minGapPx) / Math.max(1, heightPx);
  const stepMicros = STEPS.find((step) => step >= wanted) ?? Math.ceil(wanted / (365 * D)) * 365 * D;
  const ticks: number[] = [];
  for (
    let t = Math.ceil(window.fromMicros / stepMicros) * stepMicros;
    t <= window.toMicros && ticks.length < 200;
    t += stepMicros
  )
    ticks.push(t);
  return { stepMicros, ticks };
}
