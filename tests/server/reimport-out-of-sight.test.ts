/*
 * A re-import shows the old events or the new, never a mix (issue 17): over a real socket, reads sent
 * all through a re-import see the stream's old events or its new ones (after the flip), and nothing else;
 * a re-import whose process stops mid-way (frozen between two short transactions, then swept as a restart
 * does) leaves the old stream whole and no hidden rows. tests/server/reimport-flip.test.ts has the rest.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sweepAbandonedImports, ABANDONED_AFTER_MICROS } from '../../server/import/hidden-import.ts';
import { hiddenImportRows, NOTHING_HIDDEN } from '../support/hidden-import-batch.ts';
import { fileForm } from '../support/multipart.ts';
import { wordedTsv } from '../support/proxy-log-tsv.ts';
import { DATABASE_KINDS } from '../support/test-database.ts';
import { useReimportSuite } from '../support/reimport-suite.ts';
import { countRows } from '../support/test-server.ts';

interface Payload {
  incident: { events: { streamID: number; message: string }[]; streams: { id: number }[] };
}

const OLD_ROWS = 3_000;
const NEW_ROWS = 9_000;

describe.each(DATABASE_KINDS)('a re-import out of sight on %s', (kind) => {
  const { suite, newIncident, importStream, reimport } = useReimportSuite(kind, 'Re-imported');
  const post = (path: string, body: FormData) => suite.fetchAs(suite.writer, path, { method: 'POST', body });
  /** The stream's events as one read sees them: how many, and which files their messages come from. */
  const streamSeen = async (incidentID: number, streamID: number) => {
    const response = await suite.fetchAs(suite.writer, `/api/incident/${incidentID}`);
    expect(response.status).toBe(200);
    const events = ((await response.json()) as Payload).incident.events.filter((event) => event.streamID === streamID);
    const words = [...new Set(events.map((event) => event.message.split(' ')[0] ?? ''))].sort();
    return { count: events.length, words };
  };

  it('every read during a re-import sees the old events or the new, never a mix', async () => {
    const incidentID = await newIncident('Crew log');
    const streamID = await importStream(incidentID, wordedTsv(OLD_ROWS, 'alpha'));
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
    expect(await hiddenImportRows(suite.server.db)).toEqual(NOTHING_HIDDEN);
  }, 300_000);

  it('a re-import stopped mid-way leaves the old stream whole, and a restart sweeps its hidden rows', async () => {
    const incidentID = await newIncident('Stopped re-import');
    const streamID = await importStream(incidentID, wordedTsv(OLD_ROWS, 'alpha'));
    const eventsBefore = await countRows(suite.server.db, 'events');
    const storedBlobs = () => countRows(suite.server.db, "blobs WHERE sha256 SIMILAR TO '[0-9a-f]{64}'");
    const blobsBefore = await storedBlobs();
    // The process freezes between two short transactions, once rows of the new file were written, and never goes on.
    let frozen!: () => void;
    const reachedFreeze = new Promise<void>((resolve) => (frozen = resolve));
    // The new rows go into the stream itself under a generation readers skip (migration 014).
    const hiddenEvents = () =>
      countRows(
        suite.server.db,
        "events WHERE generation IN (SELECT generation FROM stream_generations WHERE state = 'writing')",
      );
    void reimport(incidentID, streamID, wordedTsv(NEW_ROWS, 'bravo'), async () => {
      if ((await hiddenEvents()) === 0) return () => undefined;
      frozen();
      return new Promise<() => void>(() => undefined);
    });
    await reachedFreeze;
    expect(await countRows(suite.server.db, 'events')).toBeGreaterThan(eventsBefore);
    expect(await streamSeen(incidentID, streamID)).toEqual({ count: OLD_ROWS, words: ['alpha'] });

    // A restart: PGlite sweeps every import it finds; PostgreSQL those whose heartbeat stopped long ago.
    const swept = await sweepAbandonedImports(suite.server.db, Date.now() * 1000 + ABANDONED_AFTER_MICROS * 2);
    expect(swept).toBe(1);
    expect(await countRows(suite.server.db, 'events')).toBe(eventsBefore);
    expect(await streamSeen(incidentID, streamID)).toEqual({ count: OLD_ROWS, words: ['alpha'] });
    expect(await hiddenImportRows(suite.server.db)).toEqual(NOTHING_HIDDEN);
    // The file's chunks written so far are under a pending key (swept at start too); none became a stored blob.
    expect(await storedBlobs()).toBe(blobsBefore);
  }, 300_000);
});
