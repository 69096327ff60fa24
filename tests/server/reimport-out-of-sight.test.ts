/*
 * A re-import shows the old events or the new, never a mix (issue 17): over a real socket, reads sent
 * all through a re-import see the stream's old events or its new ones (after the flip), and nothing else;
 * a re-import whose process stops mid-way (frozen between two short transactions, then swept as a restart
 * does) leaves the old stream whole and no hidden rows. tests/server/reimport-flip.test.ts has the rest.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepAbandonedImports, ABANDONED_AFTER_MICROS } from '../../server/import/hidden-import.ts';
import { detectSettings } from '../../server/import/import-file.ts';
import { reimportStream } from '../../server/import/reimport-stream.ts';
import { spoolBlob } from '../../server/repositories/blob-repository.ts';
import { createIncident, createOrganization } from '../support/incident-fixtures.ts';
import { fileForm } from '../support/multipart.ts';
import { wordedTsv } from '../support/proxy-log-tsv.ts';
import { DATABASE_KINDS } from '../support/test-database.ts';
import { useSocketAnalystServer } from '../support/analyst-server.ts';
import { countRows } from '../support/test-server.ts';

interface Payload {
  incident: { events: { streamID: number; message: string }[]; streams: { id: number }[] };
}

const OLD_ROWS = 3_000;
const NEW_ROWS = 9_000;

describe.each(DATABASE_KINDS)('a re-import out of sight on %s', (kind) => {
  const suite = useSocketAnalystServer(kind, { writer: 'write' });
  let organizationID: number;
  const work = mkdtempSync(join(tmpdir(), 'churchkey-reimport-'));
  const post = (path: string, body: FormData) => suite.fetchAs(suite.writer, path, { method: 'POST', body });
  /** The stream's events as one read sees them: how many, and which files their messages come from. */
  const streamSeen = async (incidentID: number, streamID: number) => {
    const response = await suite.fetchAs(suite.writer, `/api/incident/${incidentID}`);
    expect(response.status).toBe(200);
    const events = ((await response.json()) as Payload).incident.events.filter((event) => event.streamID === streamID);
    const words = [...new Set(events.map((event) => event.message.split(' ')[0] ?? ''))].sort();
    return { count: events.length, words };
  };
  const hiddenRows = async () => ({
    imports: await countRows(suite.server.db, 'imports'),
    hiddenStreams: await countRows(suite.server.db, 'streams WHERE import_id IS NOT NULL'),
    pendingCounts: await countRows(suite.server.db, 'import_event_counts'),
    generations: await countRows(suite.server.db, 'stream_generations'),
  });
  const importStream = async (incidentID: number) => {
    const response = await post(
      `/api/incident/${incidentID}/import`,
      fileForm(wordedTsv(OLD_ROWS, 'alpha'), 'crew.tsv'),
    );
    expect(response.status, await response.clone().text()).toBe(201);
    return ((await response.json()) as { import: { streams: { id: number }[] } }).import.streams[0]!.id;
  };

  beforeAll(async () => {
    organizationID = await createOrganization(suite.writer, 'Re-imported');
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('every read during a re-import sees the old events or the new, never a mix', async () => {
    const incidentID = await createIncident(suite.writer, organizationID, 'Crew log');
    const streamID = await importStream(incidentID);
    const OLD = { count: OLD_ROWS, words: ['alpha'] };
    const NEW = { count: NEW_ROWS, words: ['bravo'] };
    expect(await streamSeen(incidentID, streamID)).toEqual(OLD);
    const token = randomBytes(18).toString('base64url');
    let answered = false;
    const reimporting = post(
      `/api/stream/${streamID}/import`,
      fileForm(wordedTsv(NEW_ROWS, 'bravo'), 'crew.tsv', { progressToken: token }),
    ).then(async (response) => {
      answered = true;
      return { status: response.status, body: await response.text() };
    });
    // Reads one after another until the re-import answers; the progress is read too, so reads land across its batches.
    const seen: { count: number; words: string[] }[] = [];
    let rowsWhileReading = 0;
    while (!answered) {
      const progress = await fetch(`${suite.base}/api/import/progress/${token}`);
      if (progress.status === 200)
        rowsWhileReading = ((await progress.json()) as { progress: { validCount: number } }).progress.validCount;
      seen.push(await streamSeen(incidentID, streamID));
    }
    const done = await reimporting;
    expect(done.status, done.body).toBe(200);
    expect(seen.length).toBeGreaterThan(0);
    expect(rowsWhileReading).toBeGreaterThan(0);
    for (const read of seen) expect([OLD, NEW]).toContainEqual(read);
    expect(await streamSeen(incidentID, streamID)).toEqual(NEW);
    expect(await hiddenRows()).toEqual({ imports: 0, hiddenStreams: 0, pendingCounts: 0, generations: 0 });
  }, 300_000);

  it('a re-import stopped mid-way leaves the old stream whole, and a restart sweeps its hidden rows', async () => {
    const incidentID = await createIncident(suite.writer, organizationID, 'Stopped re-import');
    const streamID = await importStream(incidentID);
    const eventsBefore = await countRows(suite.server.db, 'events');
    const storedBlobs = () => countRows(suite.server.db, "blobs WHERE sha256 SIMILAR TO '[0-9a-f]{64}'");
    const blobsBefore = await storedBlobs();
    const path = join(work, 'crew-new.tsv');
    writeFileSync(path, wordedTsv(NEW_ROWS, 'bravo'));
    const file = await spoolBlob(Readable.from([wordedTsv(NEW_ROWS, 'bravo')]), work);
    const [incident] = await suite.server.db.query<{ id: number; organization_id: number; name: string }>(
      'SELECT id, organization_id, name FROM incidents WHERE id = $1',
      [incidentID],
    );
    // The process freezes between two short transactions, once rows of the new file were written, and never goes on.
    let frozen!: () => void;
    const reachedFreeze = new Promise<void>((resolve) => (frozen = resolve));
    // The new rows go into the stream itself under a generation readers skip (migration 014).
    const hiddenEvents = () =>
      countRows(
        suite.server.db,
        "events WHERE generation IN (SELECT generation FROM stream_generations WHERE state = 'writing')",
      );
    void reimportStream(suite.server.db, {
      stream: () => Promise.resolve({ streamId: streamID, incident: incident! }),
      file,
      fileName: 'crew.tsv',
      settings: await detectSettings(path, 'crew.tsv', 'UTC'),
      attribution: { userID: suite.writer.userID, analystID: suite.writer.userID },
      takeTurn: async () => {
        if ((await hiddenEvents()) === 0) return () => undefined;
        frozen();
        return new Promise<() => void>(() => undefined);
      },
    });
    await reachedFreeze;
    expect(await countRows(suite.server.db, 'events')).toBeGreaterThan(eventsBefore);
    expect(await streamSeen(incidentID, streamID)).toEqual({ count: OLD_ROWS, words: ['alpha'] });

    // A restart: PGlite sweeps every import it finds; PostgreSQL those whose heartbeat stopped long ago.
    const swept = await sweepAbandonedImports(suite.server.db, Date.now() * 1000 + ABANDONED_AFTER_MICROS * 2);
    expect(swept).toBe(1);
    expect(await countRows(suite.server.db, 'events')).toBe(eventsBefore);
    expect(await streamSeen(incidentID, streamID)).toEqual({ count: OLD_ROWS, words: ['alpha'] });
    expect(await hiddenRows()).toEqual({ imports: 0, hiddenStreams: 0, pendingCounts: 0, generations: 0 });
    // The file's chunks written so far are under a pending key (swept at start too); none became a stored blob.
    expect(await storedBlobs()).toBe(blobsBefore);
    await file.discard();
  }, 300_000);
});
