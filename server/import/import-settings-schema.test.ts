import { describe, expect, it } from 'vitest';
import { parseImportSettings } from './import-settings-schema.ts';

describe('import settings of the log families', () => {
  it('accepts syslog and access-log settings as detection makes them', () => {
    expect(parseImportSettings('{"format":"syslog","timeZone":"Europe/Paris","year":2019}', 'UTC')).toEqual({ format: 'syslog', timeZone: 'Europe/Paris', year: 2019 });
    expect(parseImportSettings('{"format":"syslog","timeZone":"UTC","layout":"apt-history"}', 'UTC')).toEqual({ format: 'syslog', timeZone: 'UTC', layout: 'apt-history' });
    expect(parseImportSettings('{"format":"access-log","timeZone":"UTC"}', 'Europe/Paris')).toEqual({ format: 'access-log', timeZone: 'UTC' });
  });

  it('refuses an unknown zone, an unknown field and a year out of range', () => {
    expect(parseImportSettings('{"format":"syslog","timeZone":"Mars/Olympus"}', 'UTC')).toBe('.timeZone "Mars/Olympus" is not a known time zone');
    expect(typeof parseImportSettings('{"format":"access-log","timeZone":"UTC","delimiter":","}', 'UTC')).toBe('string');
    expect(typeof parseImportSettings('{"format":"syslog","timeZone":"UTC","year":1800}', 'UTC')).toBe('string');
  });
});
