import { describe, expect, it } from 'vitest';
import { parseImportSettings } from './import-settings-schema.ts';

describe('the chat family settings a client sends', () => {
  it('fills a missing zone for IRC and WhatsApp with the one given', () => {
    expect(parseImportSettings('{"format":"irc","startDate":"2024-03-15"}', 'Europe/Rome')).toEqual({ format: 'irc', startDate: '2024-03-15', timeZone: 'Europe/Rome' });
    expect(parseImportSettings('{"format":"whatsapp","dateOrder":"day-first","timeZone":"UTC"}', 'Europe/Rome')).toEqual({
      format: 'whatsapp',
      dateOrder: 'day-first',
      timeZone: 'UTC',
    });
  });

  it('takes subtitles with or without the recording start (the server fills it from the incident)', () => {
    expect(parseImportSettings('{"format":"subtitles","anchorMicros":1704067200000000}', 'UTC')).toEqual({ format: 'subtitles', anchorMicros: 1_704_067_200_000_000 });
    expect(parseImportSettings('{"format":"subtitles"}', 'UTC')).toEqual({ format: 'subtitles' });
  });

  it('refuses what the parsers could not use, naming the setting', () => {
    expect(parseImportSettings('{"format":"whatsapp","dateOrder":"sideways"}', 'UTC')).toMatch(/^\.dateOrder /);
    expect(parseImportSettings('{"format":"irc","startDate":"15/03/2024"}', 'UTC')).toBe('.startDate expected a date as year-month-day, e.g. 2011-12-31');
    expect(parseImportSettings('{"format":"irc","timeZone":"Mars/Olympus"}', 'UTC')).toBe('.timeZone is not a known time zone');
    expect(parseImportSettings('{"format":"subtitles","anchorMicros":-1}', 'UTC')).toMatch(/^\.anchorMicros /);
  });
});
