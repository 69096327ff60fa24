/*
 * A catch-up's delta applied to a lazy list (lazy-event-list.ts) without building its rows: the
 * number columns and the positions are copied past the events that leave, and the arriving ones join
 * as loose rows in their (time, id) place. A few milliseconds at a million events, as for a plain array.
 */
import type { EventRow } from '../../../domain/event.ts';
import { emptyEventListColumns, pushEventListColumn } from '../../../domain/events/event-list-columns.ts';
import { lazyEventList, lazyEventSource } from './lazy-event-list.ts';
import type { EventMirrorRow } from './mirror-database.ts';

interface Delta {
  incidentID: number;
  changed: readonly EventRow[];
  deleted: readonly number[];
}

const after = (a: { startTimestamp: number; id: number }, start: number, id: number) => a.startTimestamp - start || a.id - id;

/** `events` with the delta applied, still lazy; undefined when `events` is not a lazy list. */
export function patchLazyEvents(events: readonly EventMirrorRow[], delta: Delta): EventMirrorRow[] | undefined {
  const source = lazyEventSource(events);
  if (!source) return undefined;
  const deleted = new Set(delta.deleted);
  const leaving = new Set<number>(deleted);
  for (const event of delta.changed) leaving.add(event.id);
  const arriving = delta.changed
    .filter((event) => !deleted.has(event.id))
    .map((event): EventMirrorRow => ({ ...event, incidentID: delta.incidentID }))
    .sort((a, b) => after(a, b.startTimestamp, b.id));
  const held = source.columns;
  const capacity = held.count + arriving.length;
  const columns = emptyEventListColumns(capacity);
  const chunkOf = new Int32Array(capacity);
  const indexOf = new Uint32Array(capacity);
  const loose = [...source.loose];
  const extraPositions: number[] = [];
  const heldExtras = new Set(source.extraPositions);
  const pushLoose = (row: EventMirrorRow) => {
    chunkOf[columns.count] = -1;
    indexOf[columns.count] = loose.length;
    loose.push(row);
    if (row.extra !== null) extraPositions.push(columns.count);
    pushEventListColumn(columns, row);
  };
  let next = 0;
  for (let position = 0; position < held.count; position += 1) {
    const start = held.startTimestamps[position] as number;
    const id = held.ids[position] as number;
    while (next < arriving.length && after(arriving[next] as EventMirrorRow, start, id) < 0) pushLoose(arriving[next++] as EventMirrorRow);
    if (leaving.has(id)) continue;
    const at = columns.count;
    chunkOf[at] = source.chunkOf[position] as number;
    indexOf[at] = source.indexOf[position] as number;
    if (heldExtras.has(position)) extraPositions.push(at);
    columns.ids[at] = id;
    columns.streamIDs[at] = held.streamIDs[position] as number;
    columns.actorIDs[at] = held.actorIDs[position] as number;
    columns.isMarker[at] = held.isMarker[position] as number;
    columns.startTimestamps[at] = start;
    columns.endTimestamps[at] = held.endTimestamps[position] as number;
    columns.count = at + 1;
  }
  while (next < arriving.length) pushLoose(arriving[next++] as EventMirrorRow);
  return lazyEventList({
    incidentID: source.incidentID,
    chunks: source.chunks,
    stamps: source.stamps,
    texts: source.texts,
    chunkOf: chunkOf.subarray(0, columns.count),
    indexOf: indexOf.subarray(0, columns.count),
    loose,
    columns,
    extraPositions: Uint32Array.from(extraPositions),
  });
}
