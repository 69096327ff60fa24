/*
 * Issue 10, part 1: every importer fuzzed with generated and mangled files derived from the real
 * fixtures (fuzz/mangle.ts: cut short, UTF-16 and Latin-1, BOMs, NULs, mixed line ends, flipped and
 * spliced bytes, random binary, zips with mangled insides, and one enormous single line per importer),
 * sent through the routes a person uses: POST /api/incident/{id}/import (delimited, Zeek TSV,
 * Timesketch, JSON Lines, HAR, Slack, chat logs) and POST /api/incident/{id}/map (geo CSV).
 * Goal: no 5xx; every refusal a 4xx naming the field and the reason; a refused import stores nothing
 * (write counters and table fingerprints, fuzz/quick-snapshot.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '../support/fixtures-dir.ts';
import { createIncident, createOrganization } from '../support/incident-fixtures.ts';
import { DATABASE_KINDS, type DatabaseKind } from '../support/test-database.ts';
import { giveAnalyst, signIn, startTestServer, type Session, type TestServer } from '../support/test-server.ts';
import { recordFigures } from './figures.ts';
import { FULL_SCALE, scaled } from './scale.ts';
import { describeMangle, mangle, mangleArbitrary } from './fuzz/mangle.ts';
import { multipart } from './fuzz/multipart.ts';
import { watchWrites } from './fuzz/quick-snapshot.ts';
import { failureReporter } from './fuzz/failure-reporter.ts';

// Left out of the comparison: sessions' last-seen time moves with any signed-in request.
const IGNORED_TABLES = ['sessions', 'sign_in_failures'];
const RUNS_PER_IMPORTER = Number(process.env['FUZZ_FILES'] ?? scaled(60, 5));
const LONG_LINE_BYTES = scaled(20 * 1024 * 1024, 2 * 1024 * 1024);
const KINDS: DatabaseKind[] = FULL_SCALE ? DATABASE_KINDS : ['pglite'];
const SEED = Number(process.env['FUZZ_SEED'] ?? 20261122);

const fixture = (path: string) => new Uint8Array(readFileSync(join(FIXTURES_DIR, path)));

interface Importer {
  name: string;
  route: 'import' | 'map';
  files: { name: string; bytes: Uint8Array }[];
  zip?: boolean;
}

const file = (path: string, bytes = fixture(path)) => ({ name: path.split('/').pop()!, bytes });
const IMPORTERS: Importer[] = [
  { name: 'delimited CSV', route: 'import', files: [file('events/m365_defender_activity_log.csv')] },
  { name: 'Zeek TSV', route: 'import', files: [file('events/zeek_notice_wrccdc2018.log')] },
  { name: 'Timesketch CSV', route: 'import', files: [file('events/timesketch_evtx_part.csv')] },
  { name: 'JSON Lines (Timesketch)', route: 'import', files: [file('events/timesketch_sigma_events.jsonl')] },
  {
    name: 'HAR',
    route: 'import',
    files: [
      file('har/mitmproxy_websocket.har'),
      file('har/firebug_multiple_pages.har'),
      file('har/chrome_webinspector_mitmproxy.har'),
    ],
  },
  { name: 'Slack export', route: 'import', files: [file('slack/slack_export_testarchive.zip')], zip: true },
  { name: 'chat log (XChat)', route: 'import', files: [file('events/xchat_irc_transcript.log')] },
  {
    name: 'geo CSV (map)',
    route: 'map',
    files: [
      file('geo/fr24_JAL516_2024-01-02.csv'),
      file(
        'geo/airdata_dji_air2s_2021-09-05.csv',
        fixture('geo/airdata_dji_air2s_2021-09-05.csv').subarray(0, 120_000),
      ),
    ],
  },
];

interface Tally {
  sent: number;
  imported: number;
  refused: Map<number, number>;
  serverErrors: number;
  refusalsCompared: number;
  longLine: string;
}

const results: { kind: string; tallies: Map<string, Tally> }[] = [];

afterAll(() => {
  if (results.length === KINDS.length) recordFigures('1-fuzz-importers', markdown());
});

describe.each(KINDS)('fuzzing the importers on %s', (kind) => {
  let server: TestServer;
  let writer: Session;
  let incidentID: number;
  let watch: Awaited<ReturnType<typeof watchWrites>>;

  beforeAll(async () => {
    server = await startTestServer(kind);
    writer = await signIn(server);
    await giveAnalyst(server, writer, 'write');
    incidentID = await createIncident(writer, await createOrganization(writer, 'Fuzzed imports'));
    watch = await watchWrites(server.db, IGNORED_TABLES);
  });
  afterAll(async () => {
    await server?.close();
  });

  const send = (importer: Importer, fileName: string, bytes: Uint8Array) => {
    const body = multipart([{ name: 'file', fileName, value: bytes, contentType: 'application/octet-stream' }]);
    return writer.request({
      method: 'POST',
      url: `/api/incident/${incidentID}/${importer.route}`,
      payload: body.payload,
      headers: { 'content-type': body.contentType },
    });
  };

  /** Checks one answer; returns why it fails, or undefined. */
  async function judge(tally: Tally, response: { statusCode: number; body: string }): Promise<string | undefined> {
    tally.sent += 1;
    const { wrote, changed } = await watch.check();
    const status = response.statusCode;
    if (status >= 500) {
      tally.serverErrors += 1;
      return `answered ${status}: ${response.body.slice(0, 300)}`;
    }
    if (status === 201) {
      tally.imported += 1;
      return undefined;
    }
    tally.refused.set(status, (tally.refused.get(status) ?? 0) + 1);
    tally.refusalsCompared += 1;
    if (wrote && changed.length > 0)
      return `refused with ${status} yet changed ${changed.join('; ')}: ${response.body.slice(0, 300)}`;
    const error = (JSON.parse(response.body) as { error?: { field?: unknown; message?: unknown } }).error;
    if (
      status < 400 ||
      typeof error?.field !== 'string' ||
      error.field === '' ||
      typeof error.message !== 'string' ||
      error.message.length < error.field.length + 3
    ) {
      return `refused with ${status} without naming a field and a reason: ${response.body.slice(0, 300)}`;
    }
    return undefined;
  }

  it(
    'imports or clearly refuses every mangled file, never a 5xx, never a refused file leaving anything stored',
    async () => {
      const tallies = new Map<string, Tally>();
      const failures: string[] = [];
      for (const [index, importer] of IMPORTERS.entries()) {
        const tally: Tally = {
          sent: 0,
          imported: 0,
          refused: new Map(),
          serverErrors: 0,
          refusalsCompared: 0,
          longLine: '',
        };
        tallies.set(importer.name, tally);
        const recipe = fc.record({
          base: fc.constantFrom(...importer.files),
          mangle: mangleArbitrary(importer.zip === true),
          // Mostly the fixture's own name (its extension guides detection), sometimes a misleading one.
          fileName: fc.oneof(
            { weight: 5, arbitrary: fc.constant('') },
            {
              weight: 1,
              arbitrary: fc.constantFrom(
                'evidence.bin',
                'data.har',
                'log.zip',
                'x.csv',
                '../../x.jsonl',
                'ファイル.tsv',
              ),
            },
          ),
        });
        await fc.assert(
          fc.asyncProperty(recipe, async ({ base, mangle: how, fileName }) => {
            const bytes = mangle(base.bytes, how);
            const response = await send(importer, fileName || base.name, bytes);
            const problem = await judge(tally, response);
            if (problem)
              throw new Error(
                `${problem}\nfile: ${base.name} as "${fileName || base.name}", ${bytes.length} bytes, mangled ${describeMangle(how)}`,
              );
          }),
          {
            numRuns: RUNS_PER_IMPORTER,
            seed: SEED + index,
            reporter: failureReporter(failures, `${importer.name} on ${kind}`),
          },
        );

        // One enormous single line in the middle of the first fixture (20 MB in the full run).
        const base = importer.files[0]!;
        const long = mangle(base.bytes, { kind: 'long-line', at: 0.5, bytes: LONG_LINE_BYTES });
        const response = await send(importer, base.name, long);
        const problem = await judge(tally, response);
        if (problem) failures.push(`${importer.name} on ${kind}, a ${LONG_LINE_BYTES}-byte line: ${problem}`);
        const answer = JSON.parse(response.body) as { error?: { message?: string } };
        tally.longLine = `${response.statusCode}${answer.error?.message ? ` (${answer.error.message.slice(0, 120)})` : ''}`;
      }
      results.push({ kind, tallies });
      for (const [name, t] of tallies)
        console.log(
          `${kind} ${name}: ${t.sent} sent, ${t.imported} imported, refused ${JSON.stringify([...t.refused])}, 5xx ${t.serverErrors}; long line ${t.longLine}`,
        );
      expect(failures, failures.join('\n\n')).toEqual([]);
      for (const tally of tallies.values()) {
        expect(tally.serverErrors).toBe(0);
        expect(tally.sent).toBe(RUNS_PER_IMPORTER + 1);
      }
    },
    30 * 60_000,
  );
});

function markdown(): string {
  const rows = results.flatMap(({ kind, tallies }) =>
    [...tallies].map(
      ([name, t]) =>
        `| ${kind} | ${name} | ${t.sent} | ${t.imported} | ${[...t.refused].map(([status, n]) => `${status}: ${n}`).join(', ') || '0'} | **${t.serverErrors}** | ${t.refusalsCompared} | ${t.longLine.replaceAll('|', '\\|')} |`,
    ),
  );
  return [
    '### 1. Fuzzing the importers (`tests/reliability/fuzz-importers.test.ts`)',
    '',
    'Every importer gets files derived from the real fixtures in shared/fixtures (fast-check): cut at random offsets, re-encoded to ' +
      'UTF-16 (LE with and without BOM, BE) and Latin-1, one to three UTF-8 BOMs, NULs inserted, line ends mixed (CRLF, CR, blank lines), ' +
      'bytes flipped, random bytes spliced in, lines of 10-300 KB, random binary, Slack zips with a mangled inner file, and once per importer ' +
      `a single line of ${(LONG_LINE_BYTES / 1024 / 1024).toFixed(0)} MB. Sent through POST /api/incident/{id}/import and POST /api/incident/{id}/map ` +
      'on a real database. Goal: 0 answered 5xx; every refusal a 4xx naming the field and the reason; after every refusal the write ' +
      'counters and table fingerprints show nothing stored changed.',
    '',
    '| database | importer | files sent | imported (201) | refused (status: count) | 5xx | refusals compared | the enormous line |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}
