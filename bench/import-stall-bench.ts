/*
 * Does an import stall other users? While POST /api/incident/{id}/import takes a generated TSV (N rows,
 * default 1,000,000) into one incident over a real socket, another incident is read over a real socket (GET /api/incident/{id},
 * one request at a time, 100 ms apart) and the process's memory is sampled. Answers the reads' p50,
 * p99 and longest wait and the growth of the resident set, and the same for the reads while the import's
 * search data is prepared after it (search-preparer.ts), as one JSON line:
 *   npm run -s build:server && node build/bench/import-stall-bench.js --store pglite|postgres [--rows N] [--case slack-bomb|har-bomb|gpx-bomb|log-bomb] [--slow MS]
 * (--slow MS: also lists the statements, transactions and event-loop holds longer than MS, to name a long wait.)
 * (--case slack-bomb: the red team's 100 identical 1 MiB Slack day files instead of the TSV; har-bomb: a 30 MB HAR of 10,000,000 `{}` entries;
 *  gpx-bomb: a track gzipped to about 2 MB that unpacks to 2 GiB, sent to POST /api/incident/{id}/map;
 *  log-bomb: a syslog line repeated to 1 GiB, gzipped to about 3 MB;
 *  reimport: the TSV imported first, unmeasured, then measured as a re-import into its stream;
 *  map: a legitimate GPX track of --rows points (300,000 unless given) sent to POST /api/incident/{id}/map.)
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { once } from 'node:events';
import { createGzip, gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { request as httpRequest } from 'node:http';
import { randomBytes } from 'node:crypto';
import { hasSearchBacklog } from '../server/repositories/search-backlog-repository.ts';
import { createSession } from '../server/repositories/sessions-repository.ts';
import { benchIncidents, openStore, startApp, type StoreKind } from './bench-store.ts';
import { percentile } from './measure.ts';
import { watchSlow } from './slow-statements.ts';
import { writeLineFile } from './write-line-file.ts';
import { TIME_ACTOR_MESSAGE_TSV } from '../tests/support/proxy-log-tsv.ts';

function writeTsv(path: string, rows: number): Promise<number> {
  const base = Date.UTC(2024, 0, 1);
  return writeLineFile(
    path,
    rows,
    (row) =>
      `${new Date(base + row * 137).toISOString()}\tservice-${row % 57}\trequest ${row} handled in ${row % 997} ms by worker-${row % 31}`,
    { head: 'time\tactor\tmessage' },
  );
}

/** The red team's Slack export: 100 identical 1 MiB day files, a few hundred KB packed. */
async function writeSlackBomb(path: string): Promise<number> {
  const message = { type: 'message', user: 'U1', text: 'the same words again and again', ts: '1704067200.000100' };
  const one = JSON.stringify(message);
  const day = strToU8(`[${Array.from({ length: Math.floor((1 << 20) / (one.length + 1)) }, () => one).join(',')}]`);
  const files: Zippable = { 'users.json': strToU8('[{"id":"U1","name":"ana"}]') };
  for (let index = 0; index < 100; index += 1)
    files[
      `general/2024-${String(1 + Math.floor(index / 28)).padStart(2, '0')}-${String(1 + (index % 28)).padStart(2, '0')}.json`
    ] = [day, { level: 9 }];
  await writeFile(path, zipSync(files));
  return (await stat(path)).size;
}

/** The red team's HAR: 30 MB of empty entries (10,000,000 `{}`), far more records than any import takes. */
async function writeHarBomb(path: string): Promise<number> {
  const out = createWriteStream(path);
  out.write('{"log":{"version":"1.2","creator":{"name":"bench","version":"1"},"entries":[{}');
  const block = ',{}'.repeat(100_000);
  for (let written = 1; written < 10_000_000; written += 100_000) if (!out.write(block)) await once(out, 'drain');
  out.end(']}}');
  await once(out, 'finish');
  return (await stat(path)).size;
}

/** A gzipped syslog of one line repeated to 1 GiB: 64 gzip members of 16 MiB (about 3 MB). */
async function writeLogBomb(path: string): Promise<number> {
  const line = 'Jan  1 00:00:00 host app[1]: the same line again and again\n';
  const member = gzipSync(line.repeat(Math.floor((16 * 2 ** 20) / line.length)), { level: 9 });
  await writeFile(path, Buffer.concat(Array.from({ length: 64 }, () => member)));
  return (await stat(path)).size;
}

/** A gzip bomb of a track: one point, then 2 GiB of blank space, gzipped (about 2 MB). */
async function writeGpxBomb(path: string): Promise<number> {
  const gzip = createGzip({ level: 9 });
  const done = new Promise<void>((resolve, reject) =>
    gzip.pipe(createWriteStream(path)).on('finish', resolve).on('error', reject),
  );
  gzip.write('<?xml version="1.0"?>\n<gpx version="1.1" creator="bench"><trk><trkseg>\n');
  gzip.write('<trkpt lat="45.1" lon="14.0"><time>2024-05-01T10:00:00Z</time></trkpt>\n');
  const padding = Buffer.alloc(1 << 24, 0x20);
  for (let block = 0; block < 128; block += 1) if (!gzip.write(padding)) await once(gzip, 'drain');
  gzip.end('</trkseg></trk></gpx>\n');
  await done;
  return (await stat(path)).size;
}

/** A legitimate GPX track: `points` points a second apart with elevation, as a watch or a logger writes them. */
function writeGpx(path: string, points: number): Promise<number> {
  const start = Date.UTC(2024, 4, 1, 6, 0, 0);
  return writeLineFile(
    path,
    points,
    (point) => {
      const lat = 45 + Math.sin(point / 5_000) * 0.5 + point * 1e-6;
      const lon = 14 + Math.cos(point / 7_000) * 0.5 + point * 1e-6;
      return `<trkpt lat="${lat.toFixed(7)}" lon="${lon.toFixed(7)}"><ele>${(300 + 200 * Math.sin(point / 900)).toFixed(1)}</ele><time>${new Date(start + point * 1000).toISOString()}</time></trkpt>`;
    },
    {
      head: '<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="bench"><trk><name>long ride</name><trkseg>',
      tail: '</trkseg></trk></gpx>',
    },
  );
}

/**
 * The file as multipart/form-data through node:http, streamed from disk (settings, then the file). Not
 * fetch: its client gives up on an answer after 300 s, and a million rows on PGlite may take longer.
 */
async function postFile(
  url: string,
  headers: Record<string, string>,
  path: string,
  fileName: string,
  settings: unknown,
): Promise<{ status: number; body: string }> {
  const boundary = `bench${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    (settings === undefined
      ? ''
      : `--${boundary}\r\nContent-Disposition: form-data; name="settings"\r\n\r\n${JSON.stringify(settings)}\r\n`) +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const length = head.length + (await stat(path)).size + tail.length;
  return new Promise((resolve, reject) => {
    const sending = httpRequest(
      url,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(length),
        },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    sending.on('error', reject);
    sending.write(head);
    createReadStream(path)
      .on('end', () => sending.end(tail))
      .on('error', reject)
      .pipe(sending, { end: false });
  });
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      store: { type: 'string', default: 'pglite' },
      rows: { type: 'string' },
      case: { type: 'string', default: 'tsv' },
      slow: { type: 'string' },
    },
  });
  const slackBomb = values.case === 'slack-bomb';
  const harBomb = values.case === 'har-bomb';
  const gpxBomb = values.case === 'gpx-bomb';
  const logBomb = values.case === 'log-bomb';
  const reimport = values.case === 'reimport';
  const map = values.case === 'map';
  const kind = values.store as StoreKind;
  // A map's default is 300,000 points (three days of a 1 Hz track), an event import's a million rows.
  const rows = Number(values.rows ?? (map ? 300_000 : 1_000_000));
  const scratch = await mkdtemp(join(tmpdir(), 'churchkey-stall-bench-'));
  const store = await openStore(kind);
  try {
    const path = join(scratch, 'bench.tsv');
    const bytes = slackBomb
      ? await writeSlackBomb(path)
      : harBomb
        ? await writeHarBomb(path)
        : gpxBomb
          ? await writeGpxBomb(path)
          : logBomb
            ? await writeLogBomb(path)
            : map
              ? await writeGpx(path, rows)
              : await writeTsv(path, rows);
    const watched = values.slow === undefined ? undefined : watchSlow(store.db, Number(values.slow));
    const bench = await startApp(watched?.db ?? store.db);
    const base = await bench.app.listen({ port: 0, host: '127.0.0.1' });
    const [target, other] = await benchIncidents(store.db, 'Stall bench', ['Imported into', 'Read meanwhile']);
    const token = await createSession(store.db, bench.analyst.id, 3600 * 1_000_000, {
      userAgent: 'stall bench',
      ip: '127.0.0.1',
    });
    const headers = { cookie: `churchkey_session=${token}`, 'x-churchkey-analyst': String(bench.analyst.id) };
    const check = await fetch(`${base}/api/incident/${other.id}`, { headers });
    if (check.status !== 200) throw new Error(`GET incident answered ${check.status}: ${await check.text()}`);

    let importPath = `${base}/api/incident/${target.id}/import`;
    if (reimport) {
      const first = await postFile(importPath, headers, path, 'bench.tsv', TIME_ACTOR_MESSAGE_TSV);
      if (first.status !== 201) throw new Error(`the first import answered ${first.status}: ${first.body}`);
      const streamId = (JSON.parse(first.body) as { import: { streams: { id: number }[] } }).import.streams[0]!.id;
      importPath = `${base}/api/stream/${streamId}/import`;
    }
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    }, 50);
    let importing = true;
    // After the import: its search data prepared in the background (search-preparer.ts), reads still measured.
    let preparing = false;
    const preparingWaits: number[] = [];
    const waits: number[] = [];
    const longReads: { atSeconds: number; millis: number }[] = [];
    const origin = watched?.origin ?? performance.now();
    const reads = (async () => {
      while (importing) {
        const started = performance.now();
        const answer = await fetch(`${base}/api/incident/${other.id}`, { headers });
        await answer.arrayBuffer();
        if (answer.status !== 200) throw new Error(`GET incident answered ${answer.status}`);
        // Sent while the import ran: counted, even when answered only after it ended.
        (preparing ? preparingWaits : waits).push(performance.now() - started);
        if (performance.now() - started > 1000)
          longReads.push({
            atSeconds: Math.round((started - origin) / 100) / 10,
            millis: Math.round(performance.now() - started),
          });
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    const started = performance.now();
    // Through the route, as a page sends it: on PGlite its batches take turns in the server's read queue.
    const result = await postFile(
      gpxBomb || map ? `${base}/api/incident/${target.id}/map` : importPath,
      headers,
      path,
      slackBomb
        ? 'export.zip'
        : harBomb
          ? 'bomb.har'
          : gpxBomb
            ? 'track.gpx.gz'
            : logBomb
              ? 'syslog.2.gz'
              : map
                ? 'long-ride.gpx'
                : 'bench.tsv',
      slackBomb
        ? { format: 'slack-zip' }
        : harBomb
          ? { format: 'har' }
          : gpxBomb || logBomb || map
            ? undefined
            : TIME_ACTOR_MESSAGE_TSV,
    )
      .then(({ status, body }) => {
        const answer = JSON.parse(body) as {
          import?: { importedCount: number };
          map?: { validPointCount: number };
          error?: { message?: string };
        };
        return status === 201 || (reimport && status === 200)
          ? { importedCount: answer.import?.importedCount ?? answer.map!.validPointCount, refusal: undefined }
          : { importedCount: 0, refusal: `${status} ${answer.error?.message ?? body}` };
      })
      .finally(() => {
        preparing = true;
      });
    const importMillis = performance.now() - started;
    const preparingStarted = performance.now();
    while (await hasSearchBacklog(store.db)) await new Promise((resolve) => setTimeout(resolve, 200));
    const preparingMillis = performance.now() - preparingStarted;
    importing = false;
    await reads;
    clearInterval(sampler);
    await bench.app.close();
    watched?.stop();
    const round = (millis: number) => Math.round(millis);
    process.stdout.write(
      `${JSON.stringify({
        store: kind,
        version: store.version,
        rows,
        megabytes: Math.round(bytes / 1e6),
        imported: result.importedCount,
        refusal: result.refusal,
        importSeconds: Math.round(importMillis / 100) / 10,
        reads: waits.length,
        p50Ms: round(percentile(waits, 0.5)),
        p99Ms: round(percentile(waits, 0.99)),
        maxMs: round(Math.max(...waits)),
        searchPreparedSeconds: Math.round(preparingMillis / 100) / 10,
        ...(preparingWaits.length > 0
          ? {
              readsWhilePreparing: preparingWaits.length,
              preparingP50Ms: round(percentile(preparingWaits, 0.5)),
              preparingP99Ms: round(percentile(preparingWaits, 0.99)),
              preparingMaxMs: round(Math.max(...preparingWaits)),
            }
          : {}),
        rssBeforeMiB: Math.round(rssBefore / 2 ** 20),
        rssGrowthMiB: Math.round((rssPeak - rssBefore) / 2 ** 20),
        ...(watched ? { longReads, slow: watched.entries } : {}),
      })}\n`,
    );
  } finally {
    await store.close();
    await rm(scratch, { recursive: true, force: true });
  }
}

await main();
