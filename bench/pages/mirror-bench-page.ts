/*
 * The browser half of bench/mirror-bench.ts (not part of the app: nothing imports it; the bench
 * bundles it with Vite and runs it in headless Chromium). Loads synthetic events into a fresh
 * mirror through the sync's own write path (putEventPage: one transaction per 10,000-row page,
 * with its scan for rows the server no longer has), through Dexie's bare bulkPut, and through plain
 * IndexedDB puts into a store with the same indexes; then reads one hour through the index, and every
 * event through the snapshot a complete sync wrote before the columnar mirror; and the columnar mirror's
 * path (one chunk per page) with its read of every event.
 */
import Dexie from 'dexie';
import type { EventRow } from '../../domain/event.ts';
import { EventSnapshotBuilder } from '../../src/data/mirror/event-snapshot.ts';
import { putEventPage, type EventPosition } from '../../src/data/mirror/incident-writes.ts';
import { MirrorDatabase } from '../../src/data/mirror/mirror-database.ts';
import { readIncidentEvents } from '../../src/data/mirror/mirror-queries.ts';
import { columnsOfRows } from '../../domain/events/event-columns-rows.ts';
import { putEventChunk, readEventChunkKeys } from '../../src/data/mirror/event-chunks.ts';

const PAGE_ROWS = 10_000;
const INCIDENT_ID = 1;
const T0_MICROS = 1_700_000_000_000_000;
/** Half a second apart on average: a million events span about 139 hours. */
const SPACING_MICROS = 500_000;
const ACTORS = 40;
const STREAMS = 6;

function eventPageOf(from: number, count: number): EventRow[] {
  const rows: EventRow[] = new Array(count);
  for (let index = 0; index < count; index += 1) {
    const n = from + index;
    const start = T0_MICROS + n * SPACING_MICROS + ((n * 7919) % 400_000);
    rows[index] = {
      id: n + 1,
      streamID: 1 + (n % STREAMS),
      actorID: 1 + ((n * 31) % ACTORS),
      isMarker: false,
      message: `GET /api/orders/${n} 200 ${(n * 13) % 900} ms upstream=orders-${n % 7} trace=${(n * 2654435761) % 4294967296}`,
      startTimestamp: start,
      endTimestamp: start + ((n * 17) % 3) * 1000,
      extra: null,
    };
  }
  return rows;
}

const seconds = (started: number) => (performance.now() - started) / 1000;

async function freshMirror(name: string): Promise<MirrorDatabase> {
  await Dexie.delete(name);
  const db = new MirrorDatabase(name);
  await db.open();
  return db;
}

/** The sync's own path: putEventPage per page, in order, as syncIncident writes them. */
async function loadMirror(total: number): Promise<{ seconds: number; rows: number }> {
  const db = await freshMirror('bench-mirror');
  const started = performance.now();
  let position: EventPosition | null = null;
  for (let from = 0; from < total; from += PAGE_ROWS) {
    const count = Math.min(PAGE_ROWS, total - from);
    const page = eventPageOf(from, count);
    position = await putEventPage(db, INCIDENT_ID, page, position, from + count >= total, {
      status: 'syncing',
      eventsLoaded: from + count,
      eventsTotal: total,
    });
  }
  const elapsed = seconds(started);
  const rows = await db.events.count();
  db.close();
  return { seconds: elapsed, rows };
}

/** The columnar mirror's path: each page as columns (as the columnar wire brings it), one chunk per page (putEventChunk). */
async function loadChunks(total: number): Promise<{ seconds: number; rows: number }> {
  const db = await freshMirror('bench-chunks');
  const started = performance.now();
  for (let from = 0; from < total; from += PAGE_ROWS) {
    const count = Math.min(PAGE_ROWS, total - from);
    await putEventChunk(db, INCIDENT_ID, from / PAGE_ROWS, columnsOfRows(eventPageOf(from, count)), {
      status: 'syncing',
      eventsLoaded: from + count,
      eventsTotal: total,
    });
  }
  const elapsed = seconds(started);
  await db.syncState.put({
    incidentID: INCIDENT_ID,
    status: 'idle',
    eventsLoaded: total,
    eventsTotal: total,
    eventsRevision: 'bench',
    columnar: true,
  });
  const rows = (await readEventChunkKeys(db, INCIDENT_ID)).reduce((sum, key) => sum + key.ids.length, 0);
  db.close();
  return { seconds: elapsed, rows };
}

/** Every event read from the columnar chunks `runs` times, until the rows are objects; milliseconds per read. */
async function readChunksWhole(runs: number): Promise<number[]> {
  const db = new MirrorDatabase('bench-chunks');
  await db.open();
  const millis: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    await readIncidentEvents(db, INCIDENT_ID);
    millis.push(performance.now() - started);
  }
  db.close();
  return millis;
}

/** Dexie's bulkPut alone, one transaction per page, into the same schema. */
async function loadDexieBulkPut(total: number): Promise<{ seconds: number; rows: number }> {
  const db = await freshMirror('bench-dexie');
  const started = performance.now();
  for (let from = 0; from < total; from += PAGE_ROWS) {
    const page = eventPageOf(from, Math.min(PAGE_ROWS, total - from)).map((event) => ({
      ...event,
      incidentID: INCIDENT_ID,
    }));
    await db.transaction('rw', db.events, () => db.events.bulkPut(page));
  }
  const elapsed = seconds(started);
  const rows = await db.events.count();
  db.close();
  await Dexie.delete('bench-dexie');
  return { seconds: elapsed, rows };
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

async function openRaw(): Promise<IDBDatabase> {
  await request(indexedDB.deleteDatabase('bench-raw'));
  const open = indexedDB.open('bench-raw', 1);
  open.onupgradeneeded = () => {
    const store = open.result.createObjectStore('events', { keyPath: 'id' });
    store.createIndex('time', ['incidentID', 'startTimestamp']);
    store.createIndex('actor', ['incidentID', 'actorID', 'startTimestamp']);
    store.createIndex('stream', ['incidentID', 'streamID', 'startTimestamp']);
  };
  return request(open);
}

/** Plain IndexedDB: put() each row, one transaction per page, the same three compound indexes. */
async function loadRaw(total: number): Promise<{ seconds: number; rows: number }> {
  const db = await openRaw();
  const started = performance.now();
  for (let from = 0; from < total; from += PAGE_ROWS) {
    const page = eventPageOf(from, Math.min(PAGE_ROWS, total - from));
    const tx = db.transaction('events', 'readwrite', { durability: 'default' });
    const store = tx.objectStore('events');
    for (const event of page) store.put({ ...event, incidentID: INCIDENT_ID });
    await new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    });
  }
  const elapsed = seconds(started);
  const rows = await request(db.transaction('events').objectStore('events').count());
  db.close();
  return { seconds: elapsed, rows };
}

/** One hour in the middle of the incident, read `runs` times each way; milliseconds per read. */
/**
 * Times `runs` reads of the incident's events between `from` and `to` each way, the mirror's and raw
 * IndexedDB getAll on the compound index, and checks they found as many rows; closes both after.
 */
async function timeBothReads(
  mirror: MirrorDatabase,
  runs: number,
  window?: { fromMicros: number; toMicros: number },
): Promise<{ mirrorMillis: number[]; rawMillis: number[]; rows: number }> {
  const raw = await request(indexedDB.open('bench-raw', 1));
  const [from, to] = window ? [window.fromMicros, window.toMicros] : [-Infinity, Infinity];
  const mirrorMillis: number[] = [];
  const rawMillis: number[] = [];
  let rows = 0;
  for (let run = 0; run < runs; run += 1) {
    let started = performance.now();
    rows = (await readIncidentEvents(mirror, INCIDENT_ID, window)).length;
    mirrorMillis.push(performance.now() - started);
    started = performance.now();
    const index = raw.transaction('events').objectStore('events').index('time');
    const got = await request(index.getAll(IDBKeyRange.bound([INCIDENT_ID, from], [INCIDENT_ID, to])));
    rawMillis.push(performance.now() - started);
    if (got.length !== rows) throw new Error(`the two reads disagree: ${got.length} and ${rows} rows`);
  }
  mirror.close();
  raw.close();
  return { mirrorMillis, rawMillis, rows };
}

async function readHour(
  total: number,
  runs: number,
): Promise<{ mirrorMillis: number[]; rawMillis: number[]; rows: number }> {
  const middle = T0_MICROS + Math.floor(total / 2) * SPACING_MICROS;
  const from = middle;
  const to = middle + 3_600_000_000;
  const mirror = new MirrorDatabase('bench-mirror');
  await mirror.open();
  return timeBothReads(mirror, runs, { fromMicros: from, toMicros: to });
}

/**
 * Every event of the incident, read `runs` times each way: the mirror's snapshot (written as a
 * complete sync writes it, from the same pages) against plain IndexedDB getAll of every row on the
 * compound index; milliseconds per read, each until the rows are objects in memory.
 */
async function readWhole(
  total: number,
  runs: number,
): Promise<{ mirrorMillis: number[]; rawMillis: number[]; rows: number; writeMillis: number }> {
  const mirror = new MirrorDatabase('bench-mirror');
  await mirror.open();
  const builder = new EventSnapshotBuilder();
  for (let from = 0; from < total; from += PAGE_ROWS)
    builder.append(eventPageOf(from, Math.min(PAGE_ROWS, total - from)));
  const written = performance.now();
  await mirror.transaction('rw', mirror.eventSnapshots, mirror.syncState, async () => {
    await mirror.eventSnapshots.put(builder.finish(INCIDENT_ID, 'bench'));
    await mirror.syncState.put({
      incidentID: INCIDENT_ID,
      status: 'idle',
      eventsLoaded: total,
      eventsTotal: total,
      eventsRevision: 'bench',
    });
  });
  const writeMillis = performance.now() - written;
  return { ...(await timeBothReads(mirror, runs)), writeMillis };
}

declare global {
  interface Window {
    mirrorBench: typeof mirrorBench;
  }
}

const mirrorBench = { loadMirror, loadChunks, loadDexieBulkPut, loadRaw, readHour, readWhole, readChunksWhole };
window.mirrorBench = mirrorBench;
