/*
 * Rotated logs arrive gzipped: a gzipped field file must read exactly as the plain file does (the
 * plain files' values are checked by hand in each family's fixture tests), streamed in small chunks,
 * as concatenated members, and with clear refusals for a cut-off file or one that unpacks too far.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '../../tests/support/fixtures-dir.ts';
import { collectImport } from './collect-import.ts';
import { DETECT_BYTES, detectFormat } from './detect-format.ts';
import { gunzipStart, isGzip, withoutGzipExtension } from './gunzip-bytes.ts';
import { ImportError } from './import-error.ts';
import { settingsFromDetection, withDefaultRecordingStart } from './import-settings.ts';
import { parseImport } from './parse-import.ts';

const FILES = [
  'field/syslog/macos_syslog_mixed_hosts.log',
  'field/weblogs/apache_combined_mixed_offsets.log',
  'field/json/docker_json_file_container.log',
  'field/delimited/sophos_sav_utf16.txt',
  'field/chat/youtube_dl_autocaption.vtt',
  'field/har/insomnia_2022.har',
];

function* chunksOf(bytes: Uint8Array, size: number): Generator<Uint8Array> {
  for (let start = 0; start < bytes.length; start += size) yield bytes.subarray(start, start + size);
}

async function readWithoutSettings(bytes: Uint8Array, fileName: string, chunkSize = 1 << 16) {
  const detection = detectFormat(bytes.subarray(0, DETECT_BYTES), fileName);
  const detected = settingsFromDetection(detection, 'UTC');
  if (detected === undefined) throw new Error(`no settings: ${detection.reason}`);
  // A transcript's cues start where the incident's first event is (here 2024-05-01T12:00:00Z).
  const settings = withDefaultRecordingStart(detected, Date.UTC(2024, 4, 1, 12) * 1000);
  const { records, invalid } = await collectImport(parseImport(chunksOf(bytes, chunkSize), settings));
  return { detection, records: records.map((r) => [r.startMicros, r.actor, r.message]), invalid: invalid.length };
}

describe('gzipped evidence', () => {
  for (const path of FILES) {
    it(`reads ${path} gzipped (name ending .gz) exactly as the plain file`, async () => {
      const plain = new Uint8Array(readFileSync(join(FIXTURES_DIR, path)));
      const name = path.split('/').at(-1)!;
      const expected = await readWithoutSettings(plain, name);
      const gzipped = await readWithoutSettings(new Uint8Array(gzipSync(plain)), `${name}.gz`, 997);
      expect(expected.records.length).toBeGreaterThan(0);
      expect(gzipped.detection.format).toBe(expected.detection.format);
      expect(gzipped.detection.reason).toMatch(/^Compressed with gzip/);
      expect(gzipped.records).toEqual(expected.records);
      expect(gzipped.invalid).toBe(expected.invalid);
    });
  }

  it('reads a file gzipped in two members one after the other (cat a.gz b.gz)', async () => {
    const plain = readFileSync(join(FIXTURES_DIR, FILES[0]!));
    const cut = plain.indexOf(0x0a, plain.length >> 1) + 1;
    const joined = new Uint8Array(Buffer.concat([gzipSync(plain.subarray(0, cut)), gzipSync(plain.subarray(cut))]));
    const expected = await readWithoutSettings(new Uint8Array(plain), 'system.log');
    expect((await readWithoutSettings(joined, 'system.log.gz')).records).toEqual(expected.records);
  });

  it('refuses a gzip file cut off before its end, saying so', async () => {
    const gzipped = gzipSync(readFileSync(join(FIXTURES_DIR, FILES[1]!)));
    const cutOff = new Uint8Array(gzipped.subarray(0, gzipped.length - 40));
    const settings = settingsFromDetection(detectFormat(cutOff, 'access.log.gz'), 'UTC')!;
    const error = await collectImport(parseImport(cutOff, settings)).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ImportError);
    expect((error as ImportError).message).toMatch(/gzip file is damaged or cut off/);
  });

  it('refuses a file that would unpack past the limit, naming the setting that raises it', async () => {
    const lines = new TextEncoder().encode('Mar  3 10:00:00 host app: the same line again\n'.repeat(200_000));
    const bomb = new Uint8Array(gzipSync(lines));
    const settings = settingsFromDetection(detectFormat(bomb, 'syslog.1.gz'), 'UTC')!;
    const run = parseImport(bomb, settings, {
      gunzip: { maxInflatedBytes: 1 << 20, settingName: 'IMPORT_MAX_INFLATED_BYTES' },
    });
    const error = await collectImport(run).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect((error as ImportError).code).toBe('zip-bomb');
    expect((error as ImportError).message).toBe(
      'The gzip file would unpack to more than 1 MiB, the most one import takes (IMPORT_MAX_INFLATED_BYTES)',
    );
  });

  it('tells gzip by its bytes, not its name, and drops .gz from the name for the inner file', () => {
    expect(isGzip(new Uint8Array(gzipSync('x')))).toBe(true);
    expect(isGzip(new TextEncoder().encode('plain text'))).toBe(false);
    expect(withoutGzipExtension('access.log.1.gz')).toBe('access.log.1');
    expect(withoutGzipExtension('talk.VTT.GZ')).toBe('talk.VTT');
    expect(withoutGzipExtension('notes.txt')).toBe('notes.txt');
    expect(new TextDecoder().decode(gunzipStart(new Uint8Array(gzipSync('abcdef')), 3))).toBe('abc');
  });

  it('says what it cannot read inside a gzip file', () => {
    expect(detectFormat(new Uint8Array(gzipSync(gzipSync('a,b\n1,2\n'))), 'double.gz').reason).toMatch(
      /another gzip file/,
    );
    expect(detectFormat(new Uint8Array([0x1f, 0x8b, 0x08, 0, 0, 0]), 'broken.gz').format).toBeUndefined();
  });
});
