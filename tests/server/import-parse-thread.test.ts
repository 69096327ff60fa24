/*
 * The import's parser thread as the built server runs it (build/server/import/parse-off-thread.js; from
 * the TypeScript sources it parses in-thread): the same batches and rows (staging and `events` rows) as
 * in-thread parsing, a refusal raised in the thread arriving with its code and words, and an import that
 * stops early ending the thread.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BatchSummary, TakeRequest } from '../../server/import/held-rows.ts';
import { parseInThread, type parseOffThread, type ParsedRows } from '../../server/import/parse-off-thread.ts';
import { projectRoot } from '../../server/project-root.ts';
import type { ParseJob } from '../../server/import/staged-batches.ts';
import { ensureServerBuilt } from '../support/server-process.ts';
import { TIME_ACTOR_MESSAGE_TSV } from '../support/proxy-log-tsv.ts';

type OffThread = { parseOffThread: typeof parseOffThread };

/** Every batch, then the rows taken as the import takes them: 7,000 staging rows, the rest as `events` rows. */
async function all(run: ParsedRows): Promise<{ batches: BatchSummary[]; summary: unknown; rows: string[] }> {
  const batches: BatchSummary[] = [];
  try {
    let next = await run.next();
    while (!next.done) {
      batches.push(next.value);
      next = await run.next();
    }
    const total = batches.reduce((sum, batch) => sum + batch.count, 0);
    const staged = await run.take({ form: 'staged', rows: 7000 });
    const events: TakeRequest = {
      form: 'events',
      rows: total - staged.count,
      context: {
        incidentId: 7,
        markerStreamId: 8,
        analystId: null,
        nowMicros: 1_000_000,
        changeSeq: 1,
        defaultStream: 'proxy.tsv',
      },
      streams: [['proxy.tsv', 9]],
      actors: Array.from({ length: 5 }, (_, actor) => [`analyst ${actor}`, 100 + actor]),
      ids: { first: 501 },
    };
    const copied = await run.take(events);
    expect(staged.records).toHaveLength(7000);
    expect(copied.streamCounts).toEqual([['proxy.tsv', total - 7000]]);
    const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes).split('\n').slice(0, -1);
    return { batches, summary: next.value, rows: [...text(staged.text), ...text(copied.text)] };
  } finally {
    await run.close();
  }
}

describe('the import parser thread of the built server', () => {
  let dir: string;
  let job: ParseJob;
  let offThread: OffThread;

  beforeAll(async () => {
    ensureServerBuilt();
    const built = join(projectRoot(), 'build', 'server', 'import', 'parse-off-thread.js');
    offThread = (await import(pathToFileURL(built).href)) as OffThread;
    dir = mkdtempSync(join(tmpdir(), 'churchkey-parse-thread-'));
    const lines = ['time\tactor\tmessage'];
    const start = Date.UTC(2026, 0, 5, 8, 0, 0);
    for (let row = 0; row < 12_000; row += 1) {
      // Every 1,000th row has no valid time: an invalid row, listed with its line.
      const time = row % 1000 === 999 ? 'not a time' : new Date(start + row * 1000).toISOString();
      lines.push(`${time}\tanalyst ${row % 5}\tline ${row}, with a "quote" and a \\ backslash`);
    }
    const path = join(dir, 'proxy.tsv');
    writeFileSync(path, `${lines.join('\n')}\n`);
    job = {
      path,
      sizeBytes: Buffer.byteLength(lines.join('\n')) + 1,
      settings: TIME_ACTOR_MESSAGE_TSV,
      gunzip: { maxInflatedBytes: 1 << 30 },
      batchSize: 5000,
      defaultStream: 'proxy.tsv',
    };
  }, 180_000);

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('hands out the same batches, rows and summary as parsing in the server thread', async () => {
    const progress: number[] = [];
    const fromThread = await all(offThread.parseOffThread(job, (seen) => progress.push(seen.validCount)));
    const inThread = await all(parseInThread(job));
    expect(fromThread).toEqual(inThread);
    expect(fromThread.batches.reduce((sum, batch) => sum + batch.count, 0)).toBe(11_988);
    expect(fromThread.batches.flatMap((batch) => batch.invalid).map((row) => row.line)).toContain(1001);
    expect(fromThread.batches[0]!.newStreams).toEqual(['proxy.tsv']);
    expect(fromThread.batches[0]!.newActors).toHaveLength(5);
    expect(fromThread.rows).toHaveLength(11_988);
    // The 7,000th row in the file's order is the staging table's last (line 7008: 7 invalid rows and the header before).
    expect(fromThread.rows[6999]).toMatch(
      /^7000\t7008\tf\tanalyst 1\tf\tline 7006, with a "quote" and a \\\\ backslash\t/,
    );
    // The file's last row is invalid: the last row is the one before it, the 11,988th, with its id from the block.
    expect(fromThread.rows.at(-1)).toMatch(
      /^5488\t7\t9\t103\tf\tline 11998, with a "quote" and a \\\\ backslash\t\d+\t\d+\t\\N\t12000\t\\N\t\\N\t1000000\t1$/,
    );
    expect(progress.length).toBeGreaterThan(0);
  });

  it('a refusal raised in the thread arrives with its code and words', async () => {
    const refused = all(offThread.parseOffThread({ ...job, batchSize: 0 }));
    await expect(refused).rejects.toMatchObject({
      name: 'ImportError',
      code: 'bad-settings',
      message: 'batchSize must be a whole number of 1 or more',
    });
  });

  it('an import that stops after its first batch ends the thread, and can run again', async () => {
    const run = offThread.parseOffThread(job);
    const first = await run.next();
    expect(first.done).toBe(false);
    await run.close();
    await expect(run.next()).rejects.toThrow("the import's parser thread stopped");
    const again = await all(offThread.parseOffThread(job));
    expect(again.batches).toHaveLength(3);
  });
});
