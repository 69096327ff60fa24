/*
 * The number columns of an event list, position for position: what the pictures read instead of a
 * million row objects (the swimlane's input, the minimap). The mirror makes them as it reads its
 * columnar chunks; a list that has none (small incidents, a list patched by a catch-up) is read as rows.
 */

export interface EventListColumns {
  /** Events held; the arrays may be longer (made at a capacity), so read only [0, count). */
  count: number;
  ids: Float64Array;
  streamIDs: Int32Array;
  actorIDs: Int32Array;
  /** 1 for a marker. */
  isMarker: Uint8Array;
  startTimestamps: Float64Array;
  endTimestamps: Float64Array;
}

/**
 * Byte offsets of the five number columns packed one after another from `firstByte`, the 8-byte floats
 * first so every typed-array view stays aligned; `end` is where the next section may start.
 */
export function numberColumnsLayout(firstByte: number, count: number) {
  const ids = firstByte;
  const starts = ids + 8 * count;
  const ends = starts + 8 * count;
  const streams = ends + 8 * count;
  const actors = streams + 4 * count;
  return { ids, starts, ends, streams, actors, end: actors + 4 * count };
}

export function emptyEventListColumns(capacity: number): EventListColumns {
  return {
    count: 0,
    ids: new Float64Array(capacity),
    streamIDs: new Int32Array(capacity),
    actorIDs: new Int32Array(capacity),
    isMarker: new Uint8Array(capacity),
    startTimestamps: new Float64Array(capacity),
    endTimestamps: new Float64Array(capacity),
  };
}

/** Appends one event (the caller sized the columns). */
export function pushEventListColumn(
  columns: EventListColumns,
  event: {
    id: number;
    streamID: number;
    actorID: number;
    isMarker: boolean;
    startTimestamp: number;
    endTimestamp: number;
  },
): void {
  const at = columns.count;
  columns.ids[at] = event.id;
  columns.streamIDs[at] = event.streamID;
  columns.actorIDs[at] = event.actorID;
  columns.isMarker[at] = event.isMarker ? 1 : 0;
  columns.startTimestamps[at] = event.startTimestamp;
  columns.endTimestamps[at] = event.endTimestamp;
  columns.count = at + 1;
}
