/*
 * A large incident's events as one row of columns (typed arrays and a list of messages), written
 * when a sync has brought every event of it, beside the rows of the events table. Reading a million
 * rows out of IndexedDB costs tens of seconds, most of it per record; the same events as one record
 * of a few arrays come out in well under a second and are turned back into rows in memory. The
 * snapshot says which events revision it holds: it is only read while the sync state says the device
 * is complete at that revision, so it can never show what the table no longer holds. The events
 * table stays the truth (time windows, streams and actors are read from it, and optimistic rows live
 * only there).
 */
import type { EventRow } from '../../../domain/event.ts';
import type { EventMirrorRow, EventSnapshotRow } from './mirror-database.ts';

export type { EventSnapshotRow };

/** Only incidents this large get a snapshot: smaller ones read from the table quickly enough. */
export const SNAPSHOT_MIN_EVENTS = 10_001;

/** Collects a sync's pages (in the server's order) into columns. */
export class EventSnapshotBuilder {
  private ids: number[] = [];
  private streamIDs: number[] = [];
  private actorIDs: number[] = [];
  private isMarker: number[] = [];
  private starts: number[] = [];
  private ends: number[] = [];
  private messages: string[] = [];
  private extraPositions: number[] = [];
  private extras: unknown[] = [];

  append(events: readonly EventRow[]): void {
    for (const event of events) {
      if (event.extra !== null) {
        this.extraPositions.push(this.ids.length);
        this.extras.push(event.extra);
      }
      this.ids.push(event.id);
      this.streamIDs.push(event.streamID);
      this.actorIDs.push(event.actorID);
      this.isMarker.push(event.isMarker ? 1 : 0);
      this.starts.push(event.startTimestamp);
      this.ends.push(event.endTimestamp);
      this.messages.push(event.message);
    }
  }

  get count(): number {
    return this.ids.length;
  }

  finish(incidentID: number, revision: string): EventSnapshotRow {
    return {
      incidentID,
      revision,
      count: this.ids.length,
      ids: Float64Array.from(this.ids),
      streamIDs: Float64Array.from(this.streamIDs),
      actorIDs: Float64Array.from(this.actorIDs),
      isMarker: Uint8Array.from(this.isMarker),
      startTimestamps: Float64Array.from(this.starts),
      endTimestamps: Float64Array.from(this.ends),
      messages: this.messages,
      extraPositions: Uint32Array.from(this.extraPositions),
      extras: this.extras,
    };
  }
}

/** The snapshot as the rows the events table would answer, with `optimistic` rows merged in time order. */
export function snapshotRows(snapshot: EventSnapshotRow, optimistic: readonly EventMirrorRow[]): EventMirrorRow[] {
  const { count, incidentID } = snapshot;
  const extraAt = new Map<number, unknown>();
  for (let index = 0; index < snapshot.extraPositions.length; index += 1) extraAt.set(snapshot.extraPositions[index] as number, snapshot.extras[index]);
  const pending = [...optimistic].sort((a, b) => a.startTimestamp - b.startTimestamp || a.id - b.id);
  const before = (row: EventMirrorRow, startTimestamp: number, id: number) => row.startTimestamp < startTimestamp || (row.startTimestamp === startTimestamp && row.id < id);
  const rows: EventMirrorRow[] = new Array<EventMirrorRow>(count + pending.length);
  let next = 0;
  let out = 0;
  for (let index = 0; index < count; index += 1) {
    const startTimestamp = snapshot.startTimestamps[index] as number;
    const id = snapshot.ids[index] as number;
    while (next < pending.length && before(pending[next] as EventMirrorRow, startTimestamp, id)) {
      rows[out] = pending[next] as EventMirrorRow;
      out += 1;
      next += 1;
    }
    rows[out] = {
      id,
      streamID: snapshot.streamIDs[index] as number,
      actorID: snapshot.actorIDs[index] as number,
      isMarker: snapshot.isMarker[index] === 1,
      message: snapshot.messages[index] as string,
      startTimestamp,
      endTimestamp: snapshot.endTimestamps[index] as number,
      extra: (extraAt.get(index) ?? null) as EventRow['extra'],
      incidentID,
    };
    out += 1;
  }
  for (; next < pending.length; next += 1, out += 1) rows[out] = pending[next] as EventMirrorRow;
  return rows;
}
