/*
 * The import's parser thread as the built server runs it (build/server/import/parse-off-thread.js; from
 * the TypeScript sources it parses in-thread): the same batches as in-thread parsing, a refusal raised
 * in the thread arriving with its code and words, and an import that stops early ending the thread.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { parseOffThread } from '../../server/import/parse-off-thread.ts';
import { projectRoot } from '../../server/project-root.ts';
import { stagedBatches, type ParseJob, type StagedBatch } from '../../server/import/staged-batches.ts';
import { ensureServerBuilt } from '../support/server-process.ts';
import { TIME_ACTOR_MESSAGE_TSV } from '../support/proxy-log-tsv.ts';

type OffThread = { parseOffThread: typeof parseOffThread };

async function all(run: AsyncGenerator<StagedBatch, unknown>): Promise<{ batches: StagedBatch[]; summary: unknown }> {
  const batches: StagedBatch[] = [];
  let next = await run.next();
  while (!next.done) {
    batches.push(next.value);
    next = await run.next();
  }
  return { batches, summary: next.value };
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
    };
  }, 180_000);

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('hands out the same batches, rows and summary as parsing in the server thread', async () => {
    const progress: number[] = [];
    const fromThread = await all(offThread.parseOffThread(job, (seen) => progress.push(seen.validCount)));
    const inThread = await all(stagedBatches(job));
    expect(fromThread).toEqual(inThread);
    expect(fromThread.batches.reduce((sum, batch) => sum + batch.records.length, 0)).toBe(11_988);
    expect(fromThread.batches.flatMap((batch) => batch.invalid).map((row) => row.line)).toContain(1001);
    // The file's last row is invalid: the last row sent is the one before it, 11,988th in the file's order.
    expect(fromThread.batches.at(-1)!.lines.at(-1)).toMatch(
      /^11988\t12000\tf\tanalyst 3\tf\tline 11998, with a "quote" and a \\\\ backslash\t/,
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
    await run.return(undefined as never);
    expect((await run.next()).done).toBe(true);
    const again = await all(offThread.parseOffThread(job));
    expect(again.batches).toHaveLength(3);
  });
});
