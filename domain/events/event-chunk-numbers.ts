/*
 * A columnar chunk's number columns packed into one ArrayBuffer (mirror schema 6): IndexedDB clones
 * one buffer with a memcpy, where a row of typed arrays and strings cost a clone per part and the
 * message strings dominated a reopen. The texts (messages, extras) are kept apart and read later.
 */
import type { EventColumns } from './event-columns.ts';
import { numberColumnsLayout, type EventListColumns } from './event-list-columns.ts';

/** A chunk's number columns (views into one buffer) and which of its events carry extra data. */
export interface EventChunkNumbers extends EventListColumns {
  extraPositions: Uint32Array;
}

/** count and extra count (u32 each), then the float columns first so every view is aligned. */
const HEADER_BYTES = 8;

function layout(count: number, extraCount: number) {
  const { end: extras, ...numbers } = numberColumnsLayout(HEADER_BYTES, count);
  const markers = extras + 4 * extraCount;
  return { ...numbers, extras, markers, bytes: markers + count };
}

export function packEventChunkNumbers(columns: EventColumns): ArrayBuffer {
  const { count } = columns;
  const extraCount = columns.extraPositions.length;
  const at = layout(count, extraCount);
  const buffer = new ArrayBuffer(at.bytes);
  const header = new Uint32Array(buffer, 0, 2);
  header[0] = count;
  header[1] = extraCount;
  new Float64Array(buffer, at.ids, count).set(columns.ids.subarray(0, count));
  new Float64Array(buffer, at.starts, count).set(columns.startTimestamps.subarray(0, count));
  new Float64Array(buffer, at.ends, count).set(columns.endTimestamps.subarray(0, count));
  new Int32Array(buffer, at.streams, count).set(columns.streamIDs.subarray(0, count));
  new Int32Array(buffer, at.actors, count).set(columns.actorIDs.subarray(0, count));
  new Uint32Array(buffer, at.extras, extraCount).set(columns.extraPositions);
  new Uint8Array(buffer, at.markers, count).set(columns.isMarker.subarray(0, count));
  return buffer;
}

/**
 * Views over a packed buffer (no copy). `byteOffset` (a multiple of 8) reads one packed chunk of several
 * laid one after another in one buffer, as the mirror's fast copy of an incident keeps them.
 */
export function unpackEventChunkNumbers(buffer: ArrayBuffer, byteOffset = 0): EventChunkNumbers {
  const header = new Uint32Array(buffer, byteOffset, 2);
  const count = header[0] as number;
  const extraCount = header[1] as number;
  const at = layout(count, extraCount);
  return {
    count,
    ids: new Float64Array(buffer, byteOffset + at.ids, count),
    startTimestamps: new Float64Array(buffer, byteOffset + at.starts, count),
    endTimestamps: new Float64Array(buffer, byteOffset + at.ends, count),
    streamIDs: new Int32Array(buffer, byteOffset + at.streams, count),
    actorIDs: new Int32Array(buffer, byteOffset + at.actors, count),
    extraPositions: new Uint32Array(buffer, byteOffset + at.extras, extraCount),
    isMarker: new Uint8Array(buffer, byteOffset + at.markers, count),
  };
}
