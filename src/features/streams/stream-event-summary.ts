/*
 * What the panel needs of a stream's events, gathered in one pass over the incident's events in
 * time order (the server has no per-stream filter): the first few for the offset preview, and the
 * stream's time range. An accumulator, so pages can be fed in as they arrive.
 */
import type { EventRow } from '../../../domain/event.ts';

const PREVIEW_EVENT_COUNT = 20;

export interface StreamEventSummary {
  readonly first: readonly EventRow[];
  /** Earliest start and latest end (as stored, offset applied); undefined for a stream with no events. */
  readonly startMicros: number | undefined;
  readonly endMicros: number | undefined;
  readonly count: number;
}

export const EMPTY_SUMMARY: StreamEventSummary = { first: [], startMicros: undefined, endMicros: undefined, count: 0 };

/** Adds a page of events (in time order, any streams) to the summary of `streamID`. */
export function addEvents(
  summary: StreamEventSummary,
  events: readonly EventRow[],
  streamID: number,
  keep = PREVIEW_EVENT_COUNT,
): StreamEventSummary {
  let { startMicros, endMicros, count } = summary;
  const first = summary.first.length < keep ? [...summary.first] : summary.first;
  for (const event of events) {
    if (event.streamID !== streamID) continue;
    count += 1;
    if (first.length < keep) (first as EventRow[]).push(event);
    if (startMicros === undefined || event.startTimestamp < startMicros) startMicros = event.startTimestamp;
    if (endMicros === undefined || event.endTimestamp > endMicros) endMicros = event.endTimestamp;
  }
  return { first, startMicros, endMicros, count };
}

interface ShiftedRange {
  readonly startMicros: number;
  readonly endMicros: number;
}

/** The range once the offset changes from `currentMicros` to `nextMicros` (events move by the difference). */
export function shiftedRange(
  summary: StreamEventSummary,
  currentMicros: number,
  nextMicros: number,
): ShiftedRange | undefined {
  if (summary.startMicros === undefined || summary.endMicros === undefined) return undefined;
  const delta = nextMicros - currentMicros;
  return { startMicros: summary.startMicros + delta, endMicros: summary.endMicros + delta };
}

/** The reason the server would refuse the change, known before asking (PUT /api/stream/{id} says the same). */
export function offsetRefusal(
  summary: StreamEventSummary,
  currentMicros: number,
  nextMicros: number,
): string | undefined {
  const range = shiftedRange(summary, currentMicros, nextMicros);
  return range !== undefined && range.startMicros < 0 ? 'would move events before 1970' : undefined;
}
