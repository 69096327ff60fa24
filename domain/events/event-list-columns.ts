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
