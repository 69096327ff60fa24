/*
 * A delta applied to a large incident's snapshot of columns (event-snapshot.ts): the events the
 * server changed or deleted leave their place, the changed ones come back at their (time, id) place.
 * The columns are copied in runs between those places (typed-array set, no row objects), so a marker
 * added to a million events costs a few copies of the arrays instead of the device reading every row
 * out of IndexedDB again.
 */
import type { EventRow } from '../../../domain/event.ts';
import type { EventSnapshotRow } from './event-snapshot.ts';

/** The first position of the snapshot whose event comes after `event` in (time, id) order. */
function insertionPoint(snapshot: EventSnapshotRow, event: EventRow): number {
  let low = 0;
  let high = snapshot.count;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const start = snapshot.startTimestamps[middle] as number;
    if (start < event.startTimestamp || (start === event.startTimestamp && (snapshot.ids[middle] as number) < event.id)) low = middle + 1;
    else high = middle;
  }
  return low;
}

export function patchSnapshot(snapshot: EventSnapshotRow, changed: readonly EventRow[], deletedIDs: readonly number[], revision: string): EventSnapshotRow {
  const deleted = new Set<number>(deletedIDs);
  const leaving = new Set<number>(deleted);
  for (const event of changed) leaving.add(event.id);
  const drops: number[] = [];
  if (leaving.size > 0) for (let index = 0; index < snapshot.count; index += 1) if (leaving.has(snapshot.ids[index] as number)) drops.push(index);
  const arriving = changed.filter((event) => !deleted.has(event.id)).sort((a, b) => a.startTimestamp - b.startTimestamp || a.id - b.id);
  const inserts = arriving.map((event) => ({ at: insertionPoint(snapshot, event), event }));

  const count = snapshot.count - drops.length + arriving.length;
  const next: EventSnapshotRow = {
    incidentID: snapshot.incidentID,
    revision,
    count,
    ids: new Float64Array(count),
    streamIDs: new Float64Array(count),
    actorIDs: new Float64Array(count),
    isMarker: new Uint8Array(count),
    startTimestamps: new Float64Array(count),
    endTimestamps: new Float64Array(count),
    messages: new Array<string>(count),
    extraPositions: new Uint32Array(0),
    extras: [],
  };
  const extraAt = new Map<number, unknown>();
  for (let index = 0; index < snapshot.extraPositions.length; index += 1) extraAt.set(snapshot.extraPositions[index] as number, snapshot.extras[index]);
  const extraPositions: number[] = [];
  const extras: unknown[] = [];
  let out = 0;
  // Copies the snapshot's positions [from, to) to the output.
  const copy = (from: number, to: number) => {
    if (to <= from) return;
    for (const column of ['ids', 'streamIDs', 'actorIDs', 'startTimestamps', 'endTimestamps'] as const) next[column].set(snapshot[column].subarray(from, to), out);
    next.isMarker.set(snapshot.isMarker.subarray(from, to), out);
    for (let index = from; index < to; index += 1) next.messages[out + index - from] = snapshot.messages[index] as string;
    for (const [position, extra] of extraAt) {
      if (position >= from && position < to) {
        extraPositions.push(out + position - from);
        extras.push(extra);
      }
    }
    out += to - from;
  };
  let source = 0;
  let drop = 0;
  let insert = 0;
  while (drop < drops.length || insert < inserts.length) {
    const nextInsert = inserts[insert];
    const nextDrop = drops[drop];
    // An insertion before position p goes ahead of dropping p.
    if (nextInsert && (nextDrop === undefined || nextInsert.at <= nextDrop)) {
      copy(source, nextInsert.at);
      source = Math.max(source, nextInsert.at);
      const { event } = nextInsert;
      next.ids[out] = event.id;
      next.streamIDs[out] = event.streamID;
      next.actorIDs[out] = event.actorID;
      next.isMarker[out] = event.isMarker ? 1 : 0;
      next.startTimestamps[out] = event.startTimestamp;
      next.endTimestamps[out] = event.endTimestamp;
      next.messages[out] = event.message;
      if (event.extra !== null) {
        extraPositions.push(out);
        extras.push(event.extra);
      }
      out += 1;
      insert += 1;
    } else if (nextDrop !== undefined) {
      copy(source, nextDrop);
      source = nextDrop + 1;
      drop += 1;
    }
  }
  copy(source, snapshot.count);
  // Extras arrive out of position order when an insertion lands among copied runs: keep them sorted.
  const order = extraPositions.map((position, index) => [position, index] as const).sort((a, b) => a[0] - b[0]);
  next.extraPositions = Uint32Array.from(order.map(([position]) => position));
  next.extras = order.map(([, index]) => extras[index]);
  return next;
}
