import 'fake-indexeddb/auto';
import type { EventRow } from '../../../domain/event.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { MirrorDatabase } from './mirror-database.ts';
import { cannedIncident, cannedSource, eventRow, type CannedIncident } from '../../../tests/support/mirror-test-server.ts';
import { countIncidentEvents, readIncidentEvents, readIncidentMirror } from './mirror-queries.ts';
import { syncIncidentFrom } from './sync-incident.ts';
import { EventSnapshotBuilder } from './event-snapshot.ts';

const opened: MirrorDatabase[] = [];
let counter = 0;
function freshMirror(): MirrorDatabase {
  counter += 1;
  const db = new MirrorDatabase(`mirror-test-${counter}-${Date.now()}`);
  opened.push(db);
  return db;
}
afterEach(async () => {
  for (const db of opened.splice(0)) await db.delete();
});

/** 25 events, several sharing a start time so ties straddle page boundaries. */
function tiedEvents(): ReturnType<typeof eventRow>[] {
  return Array.from({ length: 25 }, (_, index) => eventRow(1000 + index, 5_000_000 + Math.floor(index / 3) * 1_000_000, index % 2 ? 11 : 12, index % 5));
}

/** A device that mirrored one small incident, and a server that has lost it since (its payload answers 404). */
async function mirroredThenGone(incidentID: number) {
  const db = freshMirror();
  const server = new Map([[incidentID, cannedIncident(incidentID, 1, [eventRow(1, 10)])]]);
  const { source } = cannedSource(server);
  await syncIncidentFrom(db, source, incidentID);
  server.delete(incidentID);
  return { db, server, source };
}

describe('syncIncident into the mirror', () => {
  it('mirrors a small incident from the payload alone, in time order, and records when', async () => {
    const db = freshMirror();
    const events = [eventRow(3, 30), eventRow(1, 10), eventRow(2, 20)];
    const { source, calls } = cannedSource(new Map([[7, cannedIncident(7, 1, events)]]));
    const progress: number[] = [];
    const before = Date.now();
    await syncIncidentFrom(db, source, 7, { onProgress: ({ loaded }) => progress.push(loaded) });

    expect(calls).toEqual(['payload 7']);
    const mirror = await readIncidentMirror(db, 7);
    expect(mirror?.incident.name).toBe('Incident 7');
    expect(mirror?.streams.map((stream) => stream.name)).toEqual(['chat']);
    expect(mirror?.actors.map((actor) => actor.name)).toEqual(['alice']);
    expect((await readIncidentEvents(db, 7)).map((event) => event.id)).toEqual([1, 2, 3]);
    expect(progress).toEqual([3]);
    const state = await db.syncState.get(7);
    expect(state).toMatchObject({ status: 'idle', eventsLoaded: 3, eventsTotal: 3 });
    expect(state?.lastSyncedAt).toBeGreaterThanOrEqual(before);
  });

  it('pages a large incident, and a second sync deletes what the server no longer has', async () => {
    const db = freshMirror();
    const incident = cannedIncident(8, 1, tiedEvents());
    const server = new Map([[8, incident]]);
    const { source, calls } = cannedSource(server, { pageSize: 4, completeUpTo: 0 });
    await syncIncidentFrom(db, source, 8);
    expect(calls.filter((call) => call.startsWith('page')).length).toBe(7);
    expect(await countIncidentEvents(db, 8)).toBe(25);

    // The server loses events at a page boundary tie, in the middle and at the end; one changes.
    const keep = (event: { id: number }) => ![1003, 1004, 1012, 1023, 1024].includes(event.id);
    const changed: CannedIncident = { ...incident, events: incident.events.filter(keep).map((event) => (event.id === 1010 ? { ...event, message: 'edited' } : event)) };
    server.set(8, changed);
    await syncIncidentFrom(db, source, 8);

    const mirrored = await readIncidentEvents(db, 8);
    const expected = [...changed.events].sort((a, b) => a.startTimestamp - b.startTimestamp || a.id - b.id);
    expect(mirrored.map((event) => event.id)).toEqual(expected.map((event) => event.id));
    expect(mirrored.find((event) => event.id === 1010)?.message).toBe('edited');
    expect(await db.syncState.get(8)).toMatchObject({ status: 'idle', eventsLoaded: 20, eventsTotal: 20 });
  });

  it('replaces annotations and structure with the server’s, keeping optimistic rows of writes still waiting', async () => {
    const db = freshMirror();
    const incident = cannedIncident(9, 1, [eventRow(1, 10)]);
    incident.payload.notes = [
      { id: 50, incidentID: 9, eventID: null, kind: 'other', text: 'old note', analystID: 1, analystName: 'A', createTimestamp: 1, updateTimestamp: 1 },
    ];
    incident.payload.eventTags = [{ itemID: 1, name: 'root cause', analystID: 1 }];
    const server = new Map([[9, incident]]);
    const { source } = cannedSource(server);
    await syncIncidentFrom(db, source, 9);
    const note = { incidentID: 9, eventID: null, kind: 'other' as const, analystID: 1, analystName: 'A', createTimestamp: 2, updateTimestamp: 2 };
    await db.outbox.add({ id: 'w1', kind: 'annotation', method: 'POST', path: '/api/incident/9/note', analystID: 1, label: 'note', createdAt: 1, status: 'pending', attempts: 0, optimisticPuts: [] });
    await db.notes.bulkPut([
      { ...note, id: -1, text: 'written offline', outboxID: 'w1' },
      // Its write was sent (no longer in the outbox): the server's rows take its place.
      { ...note, id: -2, text: 'sent meanwhile', outboxID: 'w0' },
    ]);

    server.set(9, { ...incident, payload: { ...incident.payload, notes: [], eventTags: [{ itemID: 1, name: 'impact', analystID: 1 }] } });
    await syncIncidentFrom(db, source, 9);

    const mirror = await readIncidentMirror(db, 9);
    expect(mirror?.notes.map((note) => note.text)).toEqual(['written offline']);
    expect(mirror?.eventTags.map((tag) => tag.name)).toEqual(['impact']);
  });

  it('reads a time window, and by stream or actor, through the index', async () => {
    const db = freshMirror();
    const { source } = cannedSource(new Map([[10, cannedIncident(10, 1, tiedEvents())]]));
    await syncIncidentFrom(db, source, 10);
    const window = await readIncidentEvents(db, 10, { fromMicros: 6_000_000, toMicros: 7_000_000 });
    expect(window.map((event) => event.id)).toEqual([1003, 1004, 1005, 1006, 1007, 1008]);
    const streamOnly = await readIncidentEvents(db, 10, { streamIDs: [11] });
    expect(streamOnly.every((event) => event.streamID === 11)).toBe(true);
    expect(streamOnly.length).toBe(12);
    const actorInWindow = await readIncidentEvents(db, 10, { fromMicros: 6_000_000, toMicros: 7_000_000, actorIDs: [3] });
    expect(actorInWindow.map((event) => event.id)).toEqual([1003, 1008]);
    expect(await readIncidentEvents(db, 10, { streamIDs: [] })).toEqual([]);
  });

  it('an incident the server answers 404 for leaves the device, with the reason kept', async () => {
    const { db, source } = await mirroredThenGone(11);
    await expect(syncIncidentFrom(db, source, 11)).rejects.toThrow('404');
    expect(await readIncidentMirror(db, 11)).toBeUndefined();
    expect(await countIncidentEvents(db, 11)).toBe(0);
    expect(await db.syncState.get(11)).toMatchObject({ status: 'error', error: expect.stringContaining('not found') });
  });

  it('an incident of an organization the acting analyst may not read says they are not a member, and what to do', async () => {
    const { db, server, source } = await mirroredThenGone(13);
    const walled = { ...source, organizationReadable: () => Promise.resolve(false) };
    await expect(syncIncidentFrom(db, walled, 13)).rejects.toThrow('404');
    expect(await db.syncState.get(13)).toMatchObject({ status: 'error', error: expect.stringMatching(/not a member of .*Ask an administrator to add them/) });
    const deleted = { ...source, organizationReadable: () => Promise.resolve(true) };
    server.set(14, cannedIncident(14, 1, [eventRow(2, 10)]));
    await syncIncidentFrom(db, source, 14);
    server.delete(14);
    await expect(syncIncidentFrom(db, deleted, 14)).rejects.toThrow('404');
    expect(await db.syncState.get(14)).toMatchObject({ error: expect.stringContaining('deleted') });
  });

  it('with no network the mirror keeps what it had and says offline', async () => {
    const db = freshMirror();
    const { source } = cannedSource(new Map([[12, cannedIncident(12, 1, [eventRow(1, 10)])]]));
    await syncIncidentFrom(db, source, 12);
    const synced = (await db.syncState.get(12))?.lastSyncedAt;
    const offline = { ...source, payload: () => Promise.reject(Object.assign(new Error('GET got no answer'), { name: 'NetworkError' })) };
    await expect(syncIncidentFrom(db, offline, 12)).rejects.toThrow('no answer');
    expect(await db.syncState.get(12)).toMatchObject({ status: 'offline', lastSyncedAt: synced });
    expect(await countIncidentEvents(db, 12)).toBe(1);
  });

  it('a cancelled sync stops between pages, keeps the pages written, and is idle', async () => {
    const db = freshMirror();
    const { source } = cannedSource(new Map([[13, cannedIncident(13, 1, tiedEvents())]]), { pageSize: 5, completeUpTo: 0 });
    const controller = new AbortController();
    const run = syncIncidentFrom(db, source, 13, {
      signal: controller.signal,
      onProgress: ({ loaded }) => {
        if (loaded >= 10) controller.abort();
      },
    });
    await expect(run).rejects.toThrow();
    expect(await countIncidentEvents(db, 13)).toBe(10);
    expect(await db.syncState.get(13)).toMatchObject({ status: 'idle' });
    expect((await db.syncState.get(13))?.lastSyncedAt).toBeUndefined();
  });

  it('a large incident already on the device at the server’s events revision fetches no event page; a new revision pages again', async () => {
    const db = freshMirror();
    const incident = cannedIncident(14, 1, tiedEvents());
    incident.payload.eventsRevision = 'r1';
    const server = new Map([[14, incident]]);
    const { source, calls } = cannedSource(server, { pageSize: 10, completeUpTo: 0 });
    await syncIncidentFrom(db, source, 14);
    expect(calls.filter((call) => call.startsWith('page')).length).toBe(3);
    expect(await db.syncState.get(14)).toMatchObject({ status: 'idle', eventsLoaded: 25, eventsRevision: 'r1' });

    calls.length = 0;
    await syncIncidentFrom(db, source, 14);
    expect(calls).toEqual(['payload 14']);
    expect(await countIncidentEvents(db, 14)).toBe(25);
    expect(await db.syncState.get(14)).toMatchObject({ status: 'idle', eventsLoaded: 25, eventsTotal: 25 });

    // An event changed on the server: a new revision, and the change reaches the device.
    server.set(14, { payload: { ...incident.payload, eventsRevision: 'r2' }, events: incident.events.map((event) => (event.id === 1007 ? { ...event, message: 'edited' } : event)) });
    calls.length = 0;
    await syncIncidentFrom(db, source, 14);
    expect(calls.filter((call) => call.startsWith('page')).length).toBe(3);
    expect((await readIncidentEvents(db, 14)).find((event) => event.id === 1007)?.message).toBe('edited');
    expect((await db.syncState.get(14))?.eventsRevision).toBe('r2');
  });

  it('a sync cut off between pages keeps no revision, so the next one pages every event again', async () => {
    const db = freshMirror();
    const incident = cannedIncident(15, 1, tiedEvents());
    incident.payload.eventsRevision = 'r1';
    const { source, calls } = cannedSource(new Map([[15, incident]]), { pageSize: 5, completeUpTo: 0 });
    await syncIncidentFrom(db, source, 15);
    const controller = new AbortController();
    const cut = syncIncidentFrom(db, source, 15, { signal: controller.signal, onProgress: () => controller.abort() });
    // The second sync holds the same revision, so it fetches nothing and cannot be cut off.
    await cut;
    expect((await db.syncState.get(15))?.eventsRevision).toBe('r1');

    // A first sync cut off after one page: the device holds 5 of 25, and no revision.
    const other = freshMirror();
    const stop = new AbortController();
    await expect(syncIncidentFrom(other, source, 15, { signal: stop.signal, onProgress: () => stop.abort() })).rejects.toThrow();
    expect(await countIncidentEvents(other, 15)).toBe(5);
    expect((await other.syncState.get(15))?.eventsRevision).toBeUndefined();
    calls.length = 0;
    await syncIncidentFrom(other, source, 15);
    expect(calls.filter((call) => call.startsWith('page')).length).toBe(6);
    expect(await countIncidentEvents(other, 15)).toBe(25);
  });

  it('a large incident is kept as columnar chunks, one per page, read back as the table’s rows with optimistic markers merged', async () => {
    const db = freshMirror();
    // Over SNAPSHOT_MIN_EVENTS, with ties, extra data on some events, and a marker.
    const events = Array.from({ length: 10_050 }, (_, index) => ({
      ...eventRow(5000 + index, 1_000_000 + Math.floor(index / 4) * 1000, 11 + (index % 3), index % 7),
      ...(index % 500 === 0 ? { extra: { timings: { wait: index } } } : {}),
      ...(index === 77 ? { isMarker: true, actorID: 0 } : {}),
    }));
    const incident = cannedIncident(16, 1, events);
    incident.payload.eventsRevision = 'r1';
    const { source } = cannedSource(new Map([[16, incident]]), { pageSize: 3000, completeUpTo: 0 });
    await syncIncidentFrom(db, source, 16);
    expect(await db.eventChunks.where('incidentID').equals(16).count()).toBe(4);
    expect(await db.events.count()).toBe(0);
    expect(await db.syncState.get(16)).toMatchObject({ status: 'idle', columnar: true, eventsLoaded: 10_050, eventsRevision: 'r1' });
    expect(await countIncidentEvents(db, 16)).toBe(10_050);

    const plainRows = (rows: EventRow[]) => rows.map(({ id, streamID, actorID, isMarker, message, startTimestamp, endTimestamp, extra }) => ({ id, streamID, actorID, isMarker, message, startTimestamp, endTimestamp, extra }));
    const whole = await readIncidentEvents(db, 16);
    expect(plainRows(whole)).toEqual(plainRows([...events].sort((a, b) => a.startTimestamp - b.startTimestamp || a.id - b.id)));
    expect(whole.every((event) => event.incidentID === 16)).toBe(true);
    // Windows, streams and actors are read from the chunks too.
    const window = await readIncidentEvents(db, 16, { fromMicros: 1_100_000, toMicros: 1_200_000, streamIDs: [12], actorIDs: [3, 4] });
    expect(window.map((event) => event.id)).toEqual(whole.filter((event) => event.startTimestamp >= 1_100_000 && event.startTimestamp <= 1_200_000 && event.streamID === 12 && [3, 4].includes(event.actorID)).map((event) => event.id));
    expect(window.length).toBeGreaterThan(0);

    // An optimistic marker (negative id) at a tied time sorts where the table puts it.
    const marker = { ...eventRow(-3, 1_000_000 + 5 * 1000, 99, 0), isMarker: true, incidentID: 16, outboxID: 'w9' };
    await db.events.put(marker);
    await db.outbox.put({ id: 'w9', kind: 'annotation', method: 'POST', path: '/api/incident/16/marker', analystID: 1, label: 'Add marker', incidentID: 16, createdAt: 1, status: 'pending', attempts: 0, optimisticPuts: [] });
    const withMarker = await readIncidentEvents(db, 16);
    expect(withMarker.findIndex((event) => event.id === -3)).toBe(20);
    expect((await readIncidentEvents(db, 16, { streamIDs: [99] })).map((event) => event.id)).toEqual([-3]);
    expect(await countIncidentEvents(db, 16)).toBe(10_051);

    // While the next sync fetches the payload, the device still reads its chunks.
    let answer: () => void = () => undefined;
    let asked: () => void = () => undefined;
    const payloadAsked = new Promise<void>((resolve) => (asked = resolve));
    const slow = { ...source, payload: async (id: number, signal: AbortSignal | undefined) => {
      asked();
      await new Promise<void>((resolve) => (answer = resolve));
      return source.payload(id, signal);
    } };
    await db.syncState.update(16, { eventsRevision: 'r0', changeRevision: undefined });
    const next = syncIncidentFrom(db, slow, 16);
    // The sync is waiting on the payload: the signal, not a pause.
    await payloadAsked;
    expect(await db.syncState.get(16)).toMatchObject({ status: 'syncing', columnar: true });
    expect(await readIncidentEvents(db, 16)).toHaveLength(10_051);
    answer();
    await next;
    // A full sync again replaced the chunks; the waiting marker stayed.
    expect(await db.eventChunks.where('incidentID').equals(16).count()).toBe(4);
    expect(await readIncidentEvents(db, 16)).toHaveLength(10_051);
  });

  it('a complete sync that writes no snapshot drops an old one, and an incident removed from the server takes its snapshot along', async () => {
    const db = freshMirror();
    // Small incidents (fake-indexeddb rewrites thousands of rows slowly): a snapshot left from when
    // the incident was large, or one whose answer had no revision, must not outlive the sync.
    const events = Array.from({ length: 3 }, (_, index) => eventRow(index + 1, 1_000_000 + index));
    const server = new Map([[17, cannedIncident(17, 1, events)]]);
    const { source } = cannedSource(server);
    await db.eventSnapshots.put({ ...(await snapshotOf(events)), incidentID: 17 });
    await syncIncidentFrom(db, source, 17);
    expect(await db.eventSnapshots.get(17)).toBeUndefined();
    expect(await readIncidentEvents(db, 17)).toHaveLength(3);

    await db.eventSnapshots.put({ ...(await snapshotOf(events)), incidentID: 17 });
    server.delete(17);
    await expect(syncIncidentFrom(db, source, 17)).rejects.toThrow();
    expect(await db.eventSnapshots.get(17)).toBeUndefined();
  });
});

async function snapshotOf(events: ReturnType<typeof eventRow>[]) {
  const builder = new EventSnapshotBuilder();
  builder.append(events);
  return builder.finish(0, 'r1');
}
