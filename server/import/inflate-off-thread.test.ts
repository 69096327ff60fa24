/*
 * Gzip unpacked by zlib on the server: the same text as fflate gives, every member of a concatenated
 * file, a cut-off file said as damaged, and the check before an import refusing a bomb by the setting.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { gunzipIfCompressed } from '../../domain/import/gunzip-bytes.ts';
import { ImportError } from '../../domain/import/import-error.ts';
import { checkGzipUnpacking, inflateOffThread } from './inflate-off-thread.ts';

const dir = mkdtempSync(join(tmpdir(), 'churchkey-inflate-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function* pieces(bytes: Uint8Array, size = 1000) {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

async function text(bytes: Uint8Array, maxInflatedBytes = 2 ** 30): Promise<string> {
  let out = '';
  const decoder = new TextDecoder();
  for await (const chunk of gunzipIfCompressed(pieces(bytes), { maxInflatedBytes, inflate: inflateOffThread }))
    out += decoder.decode(chunk, { stream: true });
  return out;
}

const failure = (work: Promise<unknown>) =>
  work.then(
    () => undefined,
    (error: unknown) => error,
  );

describe('gzip unpacked by zlib', () => {
  it('gives every member of a concatenated file, in order', async () => {
    const lines = ['Jan  1 00:00:00 host a: one\n', 'Jan  1 00:00:01 host a: two\n'];
    expect(await text(Buffer.concat(lines.map((line) => gzipSync(line))))).toBe(lines.join(''));
  });

  it('says a file cut off in the middle is damaged or cut off', async () => {
    const whole = gzipSync(Buffer.from('x'.repeat(100_000) + 'the end\n'.repeat(50_000)));
    const error = await failure(text(whole.subarray(0, Math.floor(whole.length / 2))));
    expect(error).toBeInstanceOf(ImportError);
    expect((error as ImportError).code).toBe('truncated');
    expect((error as Error).message).toMatch(/^The gzip file is damaged or cut off after .+ of text/);
  });

  it('refuses past the inflated cap, naming the setting when given', async () => {
    const error = await failure(
      (async () => {
        const limits = { maxInflatedBytes: 1000, settingName: 'IMPORT_MAX_INFLATED_BYTES', inflate: inflateOffThread };
        for await (const chunk of gunzipIfCompressed(pieces(gzipSync('y'.repeat(5000))), limits)) void chunk;
      })(),
    );
    expect((error as Error).message).toContain('(IMPORT_MAX_INFLATED_BYTES)');
  });
});

describe('the check before an import', () => {
  const limits = { maxRecords: 1_000_000, maxInflatedBytes: 2 ** 30 };

  it('refuses a gzip bomb by its ratio', async () => {
    const path = join(dir, 'bomb.log.gz');
    writeFileSync(path, Buffer.concat(Array.from({ length: 4 }, () => gzipSync(Buffer.alloc(16 * 2 ** 20, 0x20)))));
    const error = await failure(checkGzipUnpacking(path, limits));
    expect((error as Error).message).toMatch(/would unpack to more than 100× its size .*looks like a zip bomb/);
  });

  it('lets a gzipped log within the caps and a plain file through', async () => {
    const gz = join(dir, 'syslog.2.gz');
    writeFileSync(gz, gzipSync('Jan  1 00:00:00 host a: hello\n'.repeat(1000)));
    const plain = join(dir, 'syslog');
    writeFileSync(plain, ' '.repeat(64 * 2 ** 20));
    await expect(checkGzipUnpacking(gz, limits)).resolves.toBeUndefined();
    await expect(checkGzipUnpacking(plain, limits)).resolves.toBeUndefined();
  });
});
