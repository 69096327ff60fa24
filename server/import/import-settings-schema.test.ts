import { describe, expect, it } from 'vitest';
import { parseImportSettings } from './import-settings-schema.ts';

describe('JSON settings from a client', () => {
  it('takes a records document with its container and path, filling the zone and the unit', () => {
    const text = JSON.stringify({ format: 'jsonl', fields: { startTime: 'eventTime', actor: 'userIdentity.arn' }, container: 'array', recordsPath: 'Records' });
    expect(parseImportSettings(text, 'Europe/Paris')).toEqual({
      format: 'jsonl',
      fields: { startTime: 'eventTime', actor: 'userIdentity.arn' },
      container: 'array',
      recordsPath: 'Records',
      numericUnit: 'auto',
      timeZone: 'Europe/Paris',
    });
  });

  it('refuses an unknown container or unit with a sentence naming the field', () => {
    const base = { format: 'jsonl', fields: { startTime: 'time' } };
    expect(parseImportSettings(JSON.stringify({ ...base, container: 'xml' }), 'UTC')).toMatch(/^\.container /);
    expect(parseImportSettings(JSON.stringify({ ...base, numericUnit: 'weeks' }), 'UTC')).toMatch(/^\.numericUnit /);
    expect(parseImportSettings(JSON.stringify({ format: 'har', limits: { maxEntries: 1 } }), 'UTC')).toMatch(/limits/);
  });
});
