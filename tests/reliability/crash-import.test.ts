/*
 * Issue 10 part 3: the server process is killed (SIGKILL) in the middle of a large import and started
 * again on the same data. Nothing of the import may show (no partial stream, no orphaned rows, no
 * staging table, no spooled file), the uploaded file must still be there, and the import must run
 * again to the right count. On PGlite on disk (the restart replays its WAL after the kill) and on
 * PostgreSQL when TEST_DATABASE_URL is set.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureServerBuilt, startServerProcess, type ServerProcess } from '../support/server-process.ts';
import { DATABASE_KINDS } from '../support/test-database.ts';
import { recordFigures } from './figures.ts';
import { scaled } from './scale.ts';
import { RARE_WORD, writeEvidenceFile, type EvidenceFile } from './support/crash-evidence.ts';
import { signInAdmin, prepareIncident, sessionOn, type HttpSession } from './support/crash-session.ts';
import { crashStore, type CrashStore } from './support/crash-store.ts';
import { count, failing, storeChecks, type StoreCheck } from './support/crash-store-check.ts';

const ROWS = scaled(1_000_000, 30_000);
/** The share of the file parsed (and written into the import's open transaction) when the server is killed. */
const KILL_AT = 0.4;
/** A restart after a kill replays PGlite's WAL first: minutes for a million rows on a busy machine. */
const START_TIMEOUT = 600_000;
const PASSWORD = 'crash-import-password';
const FILE_NAME = 'proxy-log.tsv';

interface Figures {
  kind: string;
  parsedWhenKilled: number;
  bytesShare: number;
  restartMs: number;
  checks: StoreCheck[];
  spooledLeft: number;
  uploadKept: boolean;
  reimportMs: number;
  reimported: number;
  searchHits: number;
  checksAfter: StoreCheck[];
}
const measured: Figures[] = [];
let evidenceRows = 0;
let evidenceBytes = 0;

const sha256Of = async (stream: NodeJS.ReadableStream) => {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
};

/**
 * The file as multipart/form-data through node:http, streamed from disk. Not fetch: its client gives up
 * on an answer after 300 s (undici's headers timeout), and a million rows on PGlite here take longer.
 */
function postImport(
  server: ServerProcess,
  session: HttpSession,
  incidentID: number,
  file: EvidenceFile,
  token: string,
): Promise<{ status: number; body: ReturnType<typeof JSON.parse> }> {
  const boundary = `----churchkey-crash-${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="progressToken"\r\n\r\n${token}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${FILE_NAME}"\r\nContent-Type: text/tab-separated-values\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${server.url}/api/incident/${incidentID}/import`, {
      method: 'POST',
      headers: {
        cookie: session.cookie,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': head.length + file.sizeBytes + tail.length,
      },
    });
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString() || 'null') }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
    request.write(head);
    const source = createReadStream(file.path);
    source.on('error', reject);
    source.on('end', () => request.end(tail));
    source.pipe(request, { end: false });
  });
}

/** Polls the import's progress (a capability URL that answers while PGlite is busy) until `share` of the file is parsed. */
async function waitForShare(server: ServerProcess, token: string, share: number) {
  for (;;) {
    const response = await fetch(`${server.url}/api/import/progress/${token}`);
    if (response.status === 200) {
      const { progress } = await response.json();
      if (progress.phase !== 'importing')
        throw new Error(`the import reached "${progress.phase}" before ${share * 100} % was parsed`);
      if (progress.totalBytes > 0 && progress.bytesRead / progress.totalBytes >= share)
        return progress as { bytesRead: number; totalBytes: number; validCount: number };
    }
    await sleep(50);
  }
}

describe.each(DATABASE_KINDS)('a SIGKILL during an import on %s', (kind) => {
  let work: string;
  let store: CrashStore;
  let server: ServerProcess | undefined;
  let file: EvidenceFile;

  afterAll(async () => {
    await server?.stop('SIGKILL');
    await store?.drop();
    if (work) await rm(work, { recursive: true, force: true });
  });

  it(
    `leaves no partial stream and no orphan, keeps the upload, and the ${ROWS.toLocaleString('en-US')}-row import runs again`,
    async () => {
      ensureServerBuilt();
      work = await mkdtemp(join(tmpdir(), 'churchkey-crash-import-'));
      await mkdir(join(work, 'tmp'));
      store = await crashStore(kind, work, PASSWORD);
      file = await writeEvidenceFile(join(work, FILE_NAME), ROWS);
      evidenceRows = file.rows;
      evidenceBytes = file.sizeBytes;
      const fileSha = await sha256Of(createReadStream(file.path));

      server = await startServerProcess(store.env, START_TIMEOUT);
      const session = await signInAdmin(server.url, PASSWORD);
      const incidentID = await prepareIncident(session, 'Crash during import');

      // The import runs; the server is killed once KILL_AT of the file went into its transaction.
      const token = randomBytes(24).toString('base64url');
      const answer = postImport(server, session, incidentID, file, token).then(
        (answered) => `answered ${answered.status}`,
        () => 'no answer',
      );
      const progress = await waitForShare(server, token, KILL_AT);
      await server.stop('SIGKILL');
      server = undefined;
      expect(await answer).toBe('no answer');
      // The killed process's spooled copy of the upload is still on disk; the restart must remove it.
      const spooledLeft = (await store.spooledFiles()).length;
      expect(spooledLeft).toBe(1);

      // The restart: same data, no migration to apply again, the session (in the database) still valid.
      const restartStarted = performance.now();
      server = await startServerProcess(store.env, START_TIMEOUT);
      const restartMs = performance.now() - restartStarted;
      expect(server.output()).not.toContain('migrations applied');
      const again = sessionOn(server.url, session.cookie);
      const payload = await again.call('GET', `/api/incident/${incidentID}`);
      expect(payload.status).toBe(200);
      const { streams, events, actors, incidentUploads } = payload.body.incident;
      // No partial stream: the incident has only its marker stream, no event and no actor of the import.
      expect(streams.map((stream: { isMarkerStream: boolean }) => stream.isMarkerStream)).toEqual([true]);
      expect(events).toEqual([]);
      expect(actors).toEqual([]);
      // The upload is still there, whole, as an upload of the incident the analyst can see and download.
      expect(incidentUploads).toEqual([
        expect.objectContaining({
          fileName: FILE_NAME,
          sizeBytes: file.sizeBytes,
          sha256: fileSha,
          isSystem: false,
          streamID: null,
        }),
      ]);
      const content = await fetch(`${server.url}/api/upload/${incidentUploads[0].id}/content`, {
        headers: { cookie: session.cookie },
      });
      expect(content.status).toBe(200);
      expect(await sha256Of(content.body as unknown as NodeJS.ReadableStream)).toBe(fileSha);
      await server.stop('SIGTERM');
      server = undefined;

      // Asked of the database itself: nothing the killed import wrote survived, nothing is orphaned.
      const checks = await store.inspect(async (db) => {
        expect(await count(db, 'SELECT count(*) AS n FROM events WHERE incident_id = $1', [incidentID])).toBe(0);
        expect(
          await count(db, 'SELECT count(*) AS n FROM streams WHERE incident_id = $1 AND NOT is_marker_stream', [
            incidentID,
          ]),
        ).toBe(0);
        expect(await count(db, 'SELECT count(*) AS n FROM incident_actors WHERE incident_id = $1', [incidentID])).toBe(
          0,
        );
        return storeChecks(db, { imports: true, search: true });
      });
      expect(failing(checks)).toEqual([]);
      expect(await store.spooledFiles()).toEqual([]);

      // The import again, on a fresh start: every row, searchable.
      server = await startServerProcess(store.env, START_TIMEOUT);
      const reimportStarted = performance.now();
      const { status, body: imported } = await postImport(
        server,
        session,
        incidentID,
        file,
        randomBytes(24).toString('base64url'),
      );
      const reimportMs = performance.now() - reimportStarted;
      expect(status, JSON.stringify(imported).slice(0, 500)).toBe(201);
      expect(imported.import).toMatchObject({
        importedCount: ROWS,
        invalidCount: 0,
        streams: [{ name: FILE_NAME, eventCount: ROWS }],
      });
      const url = server.url;
      const searched = () =>
        sessionOn(url, session.cookie).call(
          'GET',
          `/api/events/search?q=${RARE_WORD}&incidentID=${incidentID}&limit=500`,
        );
      // Past its first rows the import's search data is prepared after it is shown: the answer says so until then.
      await expect
        .poll(async () => (await searched()).body.preparing, { timeout: START_TIMEOUT, interval: 100 })
        .toBeUndefined();
      const search = await searched();
      expect(search.status).toBe(200);
      expect(search.body.total).toBe(file.rareRows);
      const ids = search.body.results.map((result: { event: { id: number } }) => result.event.id);
      expect(new Set(ids).size).toBe(Math.min(file.rareRows, 500));
      await server.stop('SIGTERM');
      server = undefined;

      const checksAfter = await store.inspect(async (db) => {
        expect(await count(db, 'SELECT count(*) AS n FROM events WHERE incident_id = $1', [incidentID])).toBe(ROWS);
        // The upload kept from the killed import stays an incident upload; the import's own is the stream's source.
        const uploads = await db.query<{ is_system: boolean; stream_id: number | null; sha256: string }>(
          'SELECT is_system, stream_id, sha256 FROM uploads WHERE incident_id = $1 ORDER BY id',
          [incidentID],
        );
        expect(uploads.map((upload) => [upload.is_system, upload.stream_id === null, upload.sha256])).toEqual([
          [false, true, fileSha],
          [true, false, fileSha],
        ]);
        return storeChecks(db, { imports: true, search: true });
      });
      expect(failing(checksAfter)).toEqual([]);

      measured.push({
        kind,
        parsedWhenKilled: progress.validCount,
        bytesShare: progress.bytesRead / progress.totalBytes,
        restartMs,
        checks,
        spooledLeft,
        uploadKept: true,
        reimportMs,
        reimported: imported.import.importedCount,
        searchHits: search.body.total,
        checksAfter,
      });
    },
    scaled(3_600_000, 600_000),
  ); // a million rows on a busy 2-core machine take longer than the suite's 10 minutes
});

afterAll(() => {
  if (measured.length === 0) return;
  const n = (value: number) => Math.round(value).toLocaleString('en-US');
  const orphans = (checks: StoreCheck[]) => checks.reduce((sum, check) => sum + check.found, 0);
  const lines = [
    '### 3. Crash during import (SIGKILL, restart, import again)',
    '',
    `The real server (build/server/server.js, a child process) imports a generated ${n(evidenceRows)}-row, ${(evidenceBytes / 2 ** 20).toFixed(1)} MB ` +
      `web-proxy TSV through \`POST /api/incident/{id}/import\`; once \`GET /api/import/progress/{token}\` shows ${KILL_AT * 100} % of the file parsed ` +
      'the process gets SIGKILL. It is started again on the same data, the incident is read through the API, the database is asked ' +
      `directly for ${measured[0]!.checks.length} kinds of leftover (goal: 0 each), and the file is imported again. ` +
      'Goal: no partial stream, no orphaned row, the upload kept, the second import complete and searchable.',
    '',
    '| database | rows parsed when killed | restart | leftovers found after the crash | spooled files left by the kill | upload kept | re-import | events re-imported | search hits | leftovers after the re-import |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...measured.map(
      (m) =>
        `| ${m.kind === 'pglite' ? 'PGlite on disk' : 'PostgreSQL 15'} | ${n(m.parsedWhenKilled)} (${(m.bytesShare * 100).toFixed(0)} % of the bytes) | ${(m.restartMs / 1000).toFixed(1)} s | ` +
        `${orphans(m.checks)} | ${m.spooledLeft} (removed by the restart) | ${m.uploadKept ? 'yes, whole (sha256 checked)' : 'no'} | ${(m.reimportMs / 1000).toFixed(1)} s | ${n(m.reimported)} of ${n(evidenceRows)} | ${n(m.searchHits)} | ${orphans(m.checksAfter)} |`,
    ),
    '',
    `Leftovers looked for: ${measured[0]!.checks.map((check) => check.check).join('; ')}.`,
  ];
  recordFigures('3-crash-import', lines.join('\n'));
});
