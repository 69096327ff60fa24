/*
 * Properties of the streamed JSON readers over generated files: cutting the bytes anywhere into
 * chunks changes nothing, and a file cut short yields a prefix of its records (then a reason) or a
 * refusal naming why, never a hang or a crash.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { collectImport } from './collect-import.ts';
import { ImportError } from './import-error.ts';
import type { ImportSettings } from './import-settings.ts';
import { parseImport } from './parse-import.ts';

const record = fc.record({
  time: fc.integer({ min: 946_684_800_000, max: 4_102_444_800_000 }).map((ms) => new Date(ms).toISOString()),
  host: fc.constantFrom('web-1', 'db-ü', 'cache "x"'),
  msg: fc.string({ unit: 'grapheme', maxLength: 40 }),
  nested: fc.option(
    fc.dictionary(fc.string({ maxLength: 5 }), fc.oneof(fc.integer(), fc.boolean(), fc.constant(null)), { maxKeys: 3 }),
    { nil: undefined },
  ),
});
const containers = ['lines', 'array', 'values', 'records'] as const;

function fileOf(records: readonly object[], container: (typeof containers)[number]): string {
  const items = records.map((item) => JSON.stringify(item, null, container === 'values' ? 2 : undefined));
  if (container === 'lines') return items.join('\n');
  if (container === 'values') return items.join('\n');
  const array = `[\n${items.join(',\n')}\n]`;
  return container === 'array' ? array : `{"Records": ${array}}`;
}

function settingsOf(container: (typeof containers)[number]): ImportSettings {
  return {
    format: 'jsonl',
    fields: { startTime: 'time', actor: 'host', message: 'msg' },
    numericUnit: 'auto',
    timeZone: 'UTC',
    container: container === 'records' ? 'array' : container,
    ...(container === 'records' ? { recordsPath: 'Records' } : {}),
  };
}

function* cut(bytes: Uint8Array, sizes: readonly number[]): Generator<Uint8Array> {
  for (let start = 0, index = 0; start < bytes.byteLength; index += 1) {
    const size = sizes[index % sizes.length] ?? 1;
    yield bytes.subarray(start, start + size);
    start += size;
  }
}

describe('streamed JSON records', () => {
  it('give the same records however the bytes are chunked', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(record, { minLength: 1, maxLength: 20 }),
        fc.constantFrom(...containers),
        fc.array(fc.integer({ min: 1, max: 9 }), { minLength: 1, maxLength: 5 }),
        async (records, container, sizes) => {
          const bytes = new TextEncoder().encode(fileOf(records, container));
          const whole = await collectImport(parseImport(bytes, settingsOf(container)));
          const chunked = await collectImport(parseImport(cut(bytes, sizes), settingsOf(container)));
          expect(whole.invalid).toEqual([]);
          // A blank message shows the record's other fields instead (json-record.ts), whatever they are.
          expect(whole.records.map((item) => item.message)).toEqual(
            records.map((item) => (item.msg.trim() === '' ? expect.any(String) : item.msg.replace(/[\r\n]+$/, ''))),
          );
          expect(chunked.records).toEqual(whole.records);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('cut short: a prefix of the records and a reason, or a refusal that names why', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(record, { minLength: 1, maxLength: 10 }),
        fc.constantFrom('array', 'records', 'values') as fc.Arbitrary<(typeof containers)[number]>,
        fc.double({ min: 0, max: 0.999, noNaN: true }),
        async (records, container, share) => {
          const bytes = new TextEncoder().encode(fileOf(records, container));
          const whole = await collectImport(parseImport(bytes, settingsOf(container)));
          const short = bytes.subarray(0, Math.floor(bytes.byteLength * share));
          try {
            const run = await collectImport(parseImport(short, settingsOf(container)));
            expect(whole.records.slice(0, run.records.length)).toEqual(run.records);
            // Objects one after another may be cut between two of them, which no reader can tell from an end.
            if (container !== 'values' && run.records.length < whole.records.length)
              expect(run.invalid.at(-1)?.reason).toMatch(/truncated|not valid JSON/);
          } catch (error) {
            expect(error).toBeInstanceOf(ImportError);
            expect((error as ImportError).message).not.toBe('');
          }
        },
      ),
      { numRuns: 80 },
    );
  });
});
