/*
 * A delta applied to a large incident's snapshot of columns (event-snapshot.ts): the events the
 * server changed or deleted leave their place, the changed ones come back at their (time, id) place.
 * Done in memory over the typed arrays, so a marker added to a million events rewrites one record
 * instead of the device reading every row out of IndexedDB again.
 */
import type { EventRow } from '../../../domain/incident-data.ts';
import { EventSnapshotBuilder, type EventSnapshotRow } from './event-snapshot.ts';

const before = (a: EventRow, startTimestamp: number, id: number) => a.startTimestamp < startTimestamp || (a.startTimestamp === startTimestamp && a.id < id);

export function patchSnapshot(snapshot: EventSnapshotRow, changed: readonly EventRow[], deletedIDs: readonly number[], revision: string): EventSnapshotRow {
  const deleted = new Set<number>(deletedIDs);
  const leaving = new Set<number>(deleted);
  for (const event of changed) leaving.add(event.id);
  const arriving = changed.filter((event) => !deleted.has(event.id)).sort((a, b) => a.startTimestamp - b.startTimestamp || a.id - b.id);
  const extraAt = new Map<number, unknown>();
  for (let index = 0; index < snapshot.extraPositions.length; index += 1) extraAt.set(snapshot.extraPositions[index] as number, snapshot.extras[index]);
  const builder = new EventSnapshotBuilder();
  const batch: EventRow[] = [];
  let next = 0;
  for (let index = 0; index < snapshot.count; index += 1) {
    const id = snapshot.ids[index] as number;
    const startTimestamp = snapshot.startTimestamps[index] as number;
    while (next < arriving.length && before(arriving[next] as EventRow, startTimestamp, id)) batch.push(arriving[next++] as EventRow);
    if (leaving.has(id)) continue;
    batch.push({
      id,
      streamID: snapshot.streamIDs[index] as number,
      actorID: snapshot.actorIDs[index] as number,
      isMarker: snapshot.isMarker[index] === 1,
      message: snapshot.messages[index] as string,
      startTimestamp,
      endTimestamp: snapshot.endTimestamps[index] as number,
      extra: (extraAt.get(index) ?? null) as EventRow['extra'],
    });
    // Appended in slices so the builder's arrays grow without one row object per event at once.
    if (batch.length >= 65_536) builder.append(batch.splice(0));
  }
  while (next < arriving.length) batch.push(arriving[next++] as EventRow);
  builder.append(batch);
  return builder.finish(snapshot.incidentID, revision);
}
