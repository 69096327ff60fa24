/*
 * Delta sync in the mirror (issue 20): a device holding an incident at a change number catches up
 * with one changes request, the snapshot of a large incident patched in place; the payload only when
 * it changed; a full sync when the server no longer knows the number; optimistic markers of sent
 * writes give way to the server's rows, those still waiting stay.
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventRow } from '../../../domain/event.ts';
import { MirrorDatabase } from './mirror-database.ts';
import { countIncidentEvents, readIncidentEvents } from './mirror-queries.ts';
import { cannedIncident, cannedSource, changeCanned, eventRow, withChangeLog } from '../../../tests/support/mirror-test-server.ts';
import { patchSnapshot } from './snapshot-patch.ts';
import { applyEventDelta, subscribeEventDeltas, type EventDelta } from './event-deltas.ts';
import { eventListColumns } from './event-list-columns.ts';
import { EventSnapshotBuilder, snapshotRows } from './event-snapshot.ts';
import { syncIncidentFrom } from './sync-incident.ts';

const opened: MirrorDatabase[] = [];
function freshMirror(): MirrorDatabase {
  const db = new MirrorDatabase(`catch-up-test-${opened.length}-${Date.now()}`);
  opened.push(db);
  return db;
}
afterEach(async () => {
  for (const db of opened.splice(0)) await db.delete();
});

const byTime = (a: EventRow, b: EventRow) => a.startTimestamp - b.startTimestamp || a.id - b.id;
const plain = (rows: EventRow[]) => rows.map(({ id, streamID, actorID, isMarker, message, startTimestamp, endTimestamp, extra }) => ({ id, streamID, actorID, isMarker, message, startTimestamp, endTimestamp, extra }));

describe('catching up with what changed', () => {
  it('a large incident: a marker added elsewhere arrives in one changes request, edits and deletions too, its chunks patched', async () => {
    const db = freshMirror();
    const events = Array.from({ length: 10_020 }, (_, index) => eventRow(index + 1, 1_000 + Math.floor(index / 2)));
    const incident = withChangeLog(cannedIncident(20, 1, events));
    const { source, calls } = cannedSource(new Map([[20, incident]]), { completeUpTo: 0 });
    await syncIncidentFrom(db, source, 20);
    expect(calls.filter((call) => call.startsWith('page'))).toHaveLength(2);
    expect(await db.eventChunks.where('incidentID').equals(20).count()).toBe(2);
    expect(await db.events.where('id').above(0).count()).toBe(0);

    changeCanned(incident, { put: [{ ...eventRow(50_000, 1_003), isMarker: true, message: 'Impact' }] });
    calls.length = 0;
    await syncIncidentFrom(db, source, 20);
    expect(calls).toEqual(['changes 20 1']);
    const state = await db.syncState.get(20);
    expect(state).toMatchObject({ status: 'idle', eventsLoaded: 10_021, eventsTotal: 10_021, eventsRevision: incident.payload.eventsRevision, changeRevision: incident.payload.eventsRevision });
    expect(await db.events.where('id').above(0).count()).toBe(0);
    expect(plain(await readIncidentEvents(db, 20))).toEqual(plain([...incident.events].sort(byTime)));

    changeCanned(incident, { put: [{ ...eventRow(7, 1_003), message: 'edited' }], remove: [8, 50_000] });
    calls.length = 0;
    await syncIncidentFrom(db, source, 20);
    expect(calls).toEqual(['changes 20 2']);
    expect(plain(await readIncidentEvents(db, 20))).toEqual(plain([...incident.events].sort(byTime)));
    expect(await countIncidentEvents(db, 20)).toBe(10_019);
    expect((await db.syncState.get(20))?.eventsLoaded).toBe(10_019);
  });

  it('a payload change fetches the payload, and leaves the events (and their revision) as they are', async () => {
    const db = freshMirror();
    const incident = withChangeLog(cannedIncident(21, 1, [eventRow(1, 10), eventRow(2, 20)]));
    const { source, calls } = cannedSource(new Map([[21, incident]]));
    await syncIncidentFrom(db, source, 21);
    const eventsRevision = (await db.syncState.get(21))?.eventsRevision;
    incident.payload.notes = [{ id: 5, incidentID: 21, eventID: 1, kind: 'other', text: 'first sign', createTimestamp: 1, updateTimestamp: 1, analystID: null } as never];
    changeCanned(incident, { payload: true });
    calls.length = 0;
    await syncIncidentFrom(db, source, 21);
    expect(calls).toEqual(['changes 21 1', 'payload 21']);
    expect(await db.notes.where('incidentID').equals(21).count()).toBe(1);
    expect(await db.syncState.get(21)).toMatchObject({ eventsRevision, changeRevision: incident.payload.eventsRevision });

    calls.length = 0;
    await syncIncidentFrom(db, source, 21);
    expect(calls).toEqual(['changes 21 2']);
  });

  it('pages a large change, and falls back to a full sync for a number the server no longer knows', async () => {
    const db = freshMirror();
    const incident = withChangeLog(cannedIncident(22, 1, [eventRow(1, 10)]));
    const { source, calls } = cannedSource(new Map([[22, incident]]), { pageSize: 4 });
    await syncIncidentFrom(db, source, 22);
    changeCanned(incident, { put: Array.from({ length: 10 }, (_, index) => eventRow(100 + index, 50 + index)) });
    calls.length = 0;
    await syncIncidentFrom(db, source, 22);
    expect(calls).toEqual(['changes 22 1', 'changes 22 1 4', 'changes 22 1 8']);
    expect(await countIncidentEvents(db, 22)).toBe(11);

    // The server's database was rebuilt: another epoch, and a full sync replaces what the device held.
    withChangeLog(incident, '99999999-2222-4333-8444-555555555555');
    incident.events = [eventRow(1, 10), eventRow(2, 20)];
    incident.log!.eventSeq = new Map([[1, 1], [2, 1]]);
    calls.length = 0;
    await syncIncidentFrom(db, source, 22);
    expect(calls).toEqual(['changes 22 2', 'payload 22']);
    expect((await readIncidentEvents(db, 22)).map((event) => event.id)).toEqual([1, 2]);
    expect((await db.syncState.get(22))?.changeRevision).toBe('99999999-2222-4333-8444-555555555555:1');
  });

  it('an optimistic marker of a sent write gives way to the server row; one still waiting stays', async () => {
    const db = freshMirror();
    const incident = withChangeLog(cannedIncident(23, 1, [eventRow(1, 10)]));
    const { source } = cannedSource(new Map([[23, incident]]));
    await syncIncidentFrom(db, source, 23);
    await db.events.bulkPut([
      { ...eventRow(-1, 15), isMarker: true, incidentID: 23, outboxID: 'sent' },
      { ...eventRow(-2, 16), isMarker: true, incidentID: 23, outboxID: 'waiting' },
    ]);
    await db.outbox.put({ id: 'waiting', kind: 'annotation', method: 'POST', path: '/api/incident/23/marker', analystID: 1, label: 'marker', createdAt: 1, status: 'pending', attempts: 0, optimisticPuts: [] });
    changeCanned(incident, { put: [{ ...eventRow(77, 15), isMarker: true }] });
    await syncIncidentFrom(db, source, 23);
    expect((await readIncidentEvents(db, 23)).map((event) => event.id)).toEqual([1, 77, -2]);
  });

  it('patchSnapshot keeps time order with ties, drops deleted events and moves changed ones', () => {
    const builder = new EventSnapshotBuilder();
    builder.append([eventRow(1, 10), eventRow(2, 10), eventRow(3, 20), { ...eventRow(4, 30), extra: { a: 1 } as never }]);
    const patched = patchSnapshot(builder.finish(9, 'r1'), [eventRow(5, 10), { ...eventRow(1, 25), message: 'moved' }], [3], 'r2');
    expect(patched.revision).toBe('r2');
    expect(Array.from(patched.ids)).toEqual([2, 5, 1, 4]);
    expect(patched.messages[2]).toBe('moved');
    expect(Array.from(patched.extraPositions)).toEqual([3]);
  });

  it('patchSnapshot equals a snapshot built afresh, over random changes, deletions and extras', () => {
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % n;
    };
    for (let round = 0; round < 40; round += 1) {
      const held: EventRow[] = Array.from({ length: 1 + random(120) }, (_, index) => ({ ...eventRow(index + 1, random(50)), extra: random(6) === 0 ? ({ n: index } as never) : null }));
      const sorted = [...held].sort(byTime);
      const builder = new EventSnapshotBuilder();
      builder.append(sorted);
      const deleted = sorted.filter(() => random(8) === 0).map((event) => event.id);
      const changed: EventRow[] = [
        ...sorted.filter(() => random(6) === 0).map((event) => ({ ...event, startTimestamp: random(50), message: 'moved' })),
        ...Array.from({ length: random(5) }, (_, index) => ({ ...eventRow(1_000 + index, random(50)), extra: random(2) === 0 ? ({ added: index } as never) : null })),
      ];
      const patched = patchSnapshot(builder.finish(1, 'r1'), changed, deleted, 'r2');
      const expected = new Map(sorted.map((event) => [event.id, event]));
      for (const event of changed) expected.set(event.id, event);
      for (const id of deleted) expected.delete(id);
      const fresh = new EventSnapshotBuilder();
      fresh.append([...expected.values()].sort(byTime));
      expect(plain(snapshotRows(patched, []))).toEqual(plain(snapshotRows(fresh.finish(1, 'r2'), [])));
    }
  });

  it('a catch-up tells the screens what changed, and applyEventDelta gives the events a fresh read gives', async () => {
    const db = freshMirror();
    const incident = withChangeLog(cannedIncident(24, 1, [eventRow(1, 10), eventRow(2, 20), eventRow(3, 30)]));
    const { source } = cannedSource(new Map([[24, incident]]));
    await syncIncidentFrom(db, source, 24);
    const held = await readIncidentEvents(db, 24);
    const told: EventDelta[] = [];
    const stop = subscribeEventDeltas((delta) => told.push(delta));
    changeCanned(incident, { put: [{ ...eventRow(9, 25), isMarker: true }, { ...eventRow(1, 35), message: 'moved' }], remove: [2] });
    await syncIncidentFrom(db, source, 24);
    stop();
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ incidentID: 24, to: incident.payload.eventsRevision, deleted: [2] });
    const patched = applyEventDelta(held, told[0]!);
    expect(plain(patched)).toEqual(plain(await readIncidentEvents(db, 24)));
    // The pictures keep reading number columns after the patch, position for position.
    const columns = eventListColumns(patched);
    expect(Array.from(columns?.ids.subarray(0, columns.count) ?? [])).toEqual(patched.map((event) => event.id));
    expect(Array.from(columns?.isMarker.subarray(0, columns.count) ?? [])).toEqual(patched.map((event) => (event.isMarker ? 1 : 0)));
  });
});
