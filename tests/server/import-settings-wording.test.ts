/*
 * Settings a client sends, refused in the analyst's words: the setting named as the preview shows it,
 * what was expected, never a zod path (".mapping.startTime"), "identifiedColumns" or a section number.
 */
import { describe, expect, it } from 'vitest';
import { parseImportSettings } from '../../server/import/import-settings-schema.ts';

const problem = (settings: unknown) => {
  const answer = parseImportSettings(typeof settings === 'string' ? settings : JSON.stringify(settings), 'UTC');
  if (typeof answer !== 'string') throw new Error('expected a refusal');
  return answer;
};

const delimited = (mapping: unknown, more: Record<string, unknown> = {}) => ({
  format: 'delimited',
  delimiter: ',',
  mapping,
  ...more,
});

describe('import settings refused in words', () => {
  it('names a mapping column by what it is for and says what a column number is', () => {
    expect(problem(delimited({ startTime: -1 }))).toBe(
      'the start time column (mapping) must be a column number of 0 or more',
    );
    expect(problem(delimited({ startTime: 0, actor: 'user' }))).toBe(
      'the actor column (mapping) must be a column number (0 is the first column)',
    );
    expect(problem(delimited({ message: 2 }))).toBe('the start time column (mapping) is required');
  });

  it('names the format choices, the delimiter choices and an unknown setting', () => {
    expect(problem({ format: 'xlsx' })).toMatch(/^the format must be one of "delimited", "har", .*"slack-zip"/);
    expect(problem({})).toMatch(/^the format must be one of /);
    expect(problem(delimited({ startTime: 0 }, { delimiter: '' }))).toMatch(
      /^the delimiter must not be empty|^the delimiter /,
    );
    expect(problem(delimited({ startTime: 0 }, { identifiedColumns: [1] }))).toBe(
      'the settings object has a setting this format does not take: "identifiedColumns"',
    );
  });

  it('words counts, lists, units, time zones and JSON itself', () => {
    expect(problem(delimited({ startTime: 0 }, { headerRows: 1.5 }))).toMatch(/^the number of header rows must be/);
    expect(problem(delimited({ startTime: 0 }, { columnNames: ['a', 7] }))).toBe(
      'column name 2 (column names) must be text',
    );
    expect(problem(delimited({ startTime: 0 }, { numericUnit: 'hours' }))).toBe(
      'the unit of numeric times must be one of "auto", "seconds", "milliseconds", "microseconds", "nanoseconds"',
    );
    expect(problem(delimited({ startTime: 0 }, { timeZone: 'Mars/Olympus' }))).toBe(
      'the time zone "Mars/Olympus" is not a known time zone',
    );
    expect(problem({ format: 'jsonl', fields: { startTime: '' } })).toBe(
      'the start time field (fields) must not be empty',
    );
    expect(problem('{not json')).toMatch(/^must be JSON/);
  });

  it('never shows a path, a zod word or a doubled word', () => {
    const samples = [
      delimited({ startTime: -1 }),
      delimited({ startTime: 0 }, { quoted: 'yes' }),
      delimited({ startTime: 0 }, { nullValues: 'NA' }),
      { format: 'jsonl', fields: { startTime: 3 } },
      { format: 'har', extra: true },
      [],
      null,
    ];
    for (const sample of samples) {
      const text = problem(sample);
      expect(text).not.toMatch(
        /\.\w+\.|identifiedColumns|section \d|Invalid input|expected \w+, received|\b(\w+) \1\b/i,
      );
    }
  });
});
