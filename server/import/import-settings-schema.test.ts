import { describe, expect, it } from 'vitest';
import { parseImportSettings } from './import-settings-schema.ts';

describe('parseImportSettings for delimited files', () => {
  it('accepts the full delimited shape the preview sends (W3C, clock column, offset column, pattern)', () => {
    const settings = {
      format: 'delimited',
      delimiter: ' ',
      quoted: true,
      preambleRows: 0,
      headerRows: 0,
      commentPrefix: '#',
      fieldsDirective: '#Fields:',
      columnNames: ['date', 'time', 'c-ip'],
      nullValues: ['-'],
      mapping: { startTime: 0, startClock: 1, actor: 2, utcOffset: 3 },
      numericUnit: 'auto',
      dateOrder: 'dmy',
      timePattern: 'yyyy-MM-dd HH:mm:ss',
    };
    expect(parseImportSettings(JSON.stringify(settings), 'Europe/Berlin')).toEqual({ ...settings, timeZone: 'Europe/Berlin' });
  });

  it('fills defaults an older client leaves out, and takes "<;>" and "whitespace" as delimiters', () => {
    expect(parseImportSettings(JSON.stringify({ format: 'delimited', delimiter: '<;>', mapping: { startTime: 12 } }), 'UTC')).toEqual({
      format: 'delimited',
      delimiter: '<;>',
      quoted: true,
      preambleRows: 0,
      headerRows: 1,
      mapping: { startTime: 12 },
      numericUnit: 'seconds',
      timeZone: 'UTC',
    });
    expect(parseImportSettings(JSON.stringify({ format: 'delimited', delimiter: 'whitespace', mapping: { startTime: 0 } }), 'UTC')).toMatchObject({ delimiter: 'whitespace' });
  });

  it('refuses an unknown unit, date order or zone, and unknown fields', () => {
    const base = { format: 'delimited', delimiter: ',', mapping: { startTime: 0 } };
    expect(parseImportSettings(JSON.stringify({ ...base, numericUnit: 'minutes' }), 'UTC')).toMatch(/numericUnit/);
    expect(parseImportSettings(JSON.stringify({ ...base, dateOrder: 'ydm' }), 'UTC')).toMatch(/dateOrder/);
    expect(parseImportSettings(JSON.stringify({ ...base, timeZone: 'Mars/Base' }), 'UTC')).toMatch(/not a known time zone/);
    expect(parseImportSettings(JSON.stringify({ ...base, extra: 1 }), 'UTC')).toMatch(/extra/);
  });
});
