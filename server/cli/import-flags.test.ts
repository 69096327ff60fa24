import { describe, expect, it } from 'vitest';
import { CSV_TIME_FIRST } from '../../tests/support/csv-settings.ts';
import { applySettingsFlags, columnIndex } from './import-flags.ts';

const columns = ['Lcl Date', 'Lcl Time', 'UTCOfst', 'User', 'Action'];
const detected: Record<string, unknown> = { ...CSV_TIME_FIRST };

describe('columnIndex', () => {
  it('takes a header name in any case, or a number counting from 1', () => {
    expect(columnIndex('lcl time', columns, 'clock-column')).toBe(1);
    expect(columnIndex('3', columns, 'offset-column')).toBe(2);
  });

  it('says which columns exist when a name is not one of them', () => {
    expect(() => columnIndex('When', columns, 'time-column')).toThrow(
      '--time-column "When" is not a column of the file (its columns: Lcl Date, Lcl Time, UTCOfst, User, Action)',
    );
    expect(() => columnIndex('0', columns, 'time-column')).toThrow('counts columns from 1');
  });
});

describe('applySettingsFlags', () => {
  it('joins a date and a time column with a UTC-offset column, as for a G1000 log', () => {
    const settings = applySettingsFlags(detected, columns, {
      'clock-column': 'Lcl Time',
      'offset-column': 'UTCOfst',
      'actor-column': '4',
      'date-order': 'mdy',
    });
    expect(settings).toMatchObject({
      mapping: { startTime: 0, startClock: 1, utcOffset: 2, actor: 3 },
      dateOrder: 'mdy',
    });
  });

  it('reads a headerless file with another delimiter, lines skipped and an explicit pattern', () => {
    const settings = applySettingsFlags(detected, columns, {
      delimiter: 'tab',
      'no-header': true,
      preamble: '2',
      pattern: 'M/d/yyyy h:mm:ss a',
      unit: 'ms',
    });
    expect(settings).toMatchObject({
      delimiter: '\t',
      headerRows: 0,
      preambleRows: 2,
      timePattern: 'M/d/yyyy h:mm:ss a',
      numericUnit: 'milliseconds',
    });
  });

  it('starts over from the family given, and takes a year and a recording start', () => {
    expect(applySettingsFlags(detected, columns, { format: 'syslog', year: '2019' })).toEqual({
      format: 'syslog',
      year: 2019,
    });
    expect(applySettingsFlags({}, [], { format: 'subtitles', start: '2024-03-01T09:00:00Z' })).toEqual({
      format: 'subtitles',
      anchorMicros: 1_709_283_600_000_000,
    });
  });

  it('refuses values it cannot read, naming the flag', () => {
    expect(() => applySettingsFlags(detected, columns, { unit: 'fortnights' })).toThrow('--unit must be');
    expect(() => applySettingsFlags(detected, columns, { 'date-order': 'ydm' })).toThrow(
      '--date-order must be ymd, mdy or dmy',
    );
    expect(() => applySettingsFlags(detected, columns, { settings: '[1]' })).toThrow(
      '--settings must be a JSON object',
    );
    expect(() => applySettingsFlags(detected, columns, { start: 'yesterday' })).toThrow(
      '--start "yesterday" is not a time',
    );
    expect(() => applySettingsFlags(detected, columns, { preamble: '-1' })).toThrow(
      '--preamble must be a whole number',
    );
  });
});
