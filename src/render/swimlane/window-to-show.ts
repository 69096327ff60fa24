/*
 * The window the swimlane moves to when an event is selected: unchanged when the event is already
 * in view and readable, else centred on it and zoomed so it spans a readable height (a 107 ms HAR
 * request on a day-long incident is less than a pixel until the swimlane zooms in).
 */
import { clampWindow, MIN_SPAN_MICROS, type TimeWindow } from './swimlane-window.ts';

/** The height, in pixels, below which an event box is too small to read or click. */
export const READABLE_PX = 24;
/** A zoomed-to event spans this share of the height, leaving its neighbours in view. */
const ZOOMED_SHARE = 1 / 6;
/** An event longer than this share of the window no longer fits comfortably: zoom out. */
const FIT_SHARE = 0.8;

export interface EventSpan {
  startMicros: number;
  endMicros: number;
}

export function windowToShow(window: TimeWindow, event: EventSpan, heightPx: number, bounds: TimeWindow): TimeWindow {
  const span = window.toMicros - window.fromMicros;
  const duration = Math.max(0, event.endMicros - event.startMicros);
  const inView = event.startMicros >= window.fromMicros && event.endMicros <= window.toMicros;
  const heightOf = (windowSpan: number) => (duration / Math.max(1, windowSpan)) * heightPx;
  const readable = duration === 0 || heightOf(span) >= READABLE_PX;
  if (inView && readable && duration <= span * FIT_SHARE) return window;
  let nextSpan = span;
  if (duration > span * FIT_SHARE) nextSpan = duration / FIT_SHARE;
  else if (!readable) nextSpan = Math.max(MIN_SPAN_MICROS, duration / ZOOMED_SHARE);
  const middle = event.startMicros + duration / 2;
  return clampWindow({ fromMicros: middle - nextSpan / 2, toMicros: middle + nextSpan / 2 }, bounds);
}
