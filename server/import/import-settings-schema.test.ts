import { describe, expect, it } from 'vitest';
import { parseImportSettings } from './import-settings-schema.ts';

describe('import settings of the log families', () => {
  it('accepts syslog and access-log settings as detection makes them', () => {
    expect(parseImportSettings('{"format":"syslog","timeZone":"Europe/Paris","year":2019}', 'UTC')).toEqual({
      format: 'syslog',
      timeZone: 'Europe/Paris',
      year: 2019,
    });
    expect(parseImportSettings('{"format":"syslog","timeZone":"UTC","layout":"apt-history"}', 'UTC')).toEqual({
      format: 'syslog',
      timeZone: 'UTC',
      layout: 'apt-history',
    });
    expect(parseImportSettings('{"format":"access-log","timeZone":"UTC"}', 'Europe/Paris')).toEqual({
      format: 'access-log',
      timeZone: 'UTC',
    });
  });

  it('refuses an unknown zone, an unknown field and a year out of range', () => {
    expect(parseImportSettings('{"format":"syslog","timeZone":"Mars/Olympus"}', 'UTC')).toBe(
      'the time zone "Mars/Olympus" is not a known time zone (an IANA name such as Europe/Helsinki)',
    );
    expect(typeof parseImportSettings('{"format":"access-log","timeZone":"UTC","delimiter":","}', 'UTC')).toBe(
      'string',
    );
    expect(typeof parseImportSettings('{"format":"syslog","timeZone":"UTC","year":1800}', 'UTC')).toBe('string');
  });
});

describe('settings of docker compose output and Whisper transcripts', () => {
  it('accepts the compose line prefix on text, access and JSON lines, and the Whisper JSON layout', () => {
    const compose = { format: 'syslog', timeZone: 'UTC', layout: 'timestamped', linePrefix: 'compose' };
    expect(parseImportSettings(JSON.stringify(compose), 'UTC')).toEqual(compose);
    const access = { format: 'access-log', timeZone: 'UTC', linePrefix: 'compose' };
    expect(parseImportSettings(JSON.stringify(access), 'UTC')).toEqual(access);
    const whisper = { format: 'subtitles', anchorMicros: 1, layout: 'whisper-json' };
    expect(parseImportSettings(JSON.stringify(whisper), 'UTC')).toEqual(whisper);
  });

  it('refuses another line prefix or layout in words', () => {
    expect(
      parseImportSettings(
        '{"format":"jsonl","fields":{"startTime":"t"},"timeZone":"UTC","linePrefix":"kubectl"}',
        'UTC',
      ),
    ).toBe('the line prefix (docker compose names) must be one of "compose"');
    expect(parseImportSettings('{"format":"subtitles","anchorMicros":1,"layout":"srt"}', 'UTC')).toBe(
      'the layout must be one of "whisper-json"',
    );
  });
});

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
    expect(parseImportSettings(JSON.stringify(settings), 'Europe/Berlin')).toEqual({
      ...settings,
      timeZone: 'Europe/Berlin',
    });
  });

  it('fills defaults an older client leaves out, and takes "<;>" and "whitespace" as delimiters', () => {
    expect(
      parseImportSettings(JSON.stringify({ format: 'delimited', delimiter: '<;>', mapping: { startTime: 12 } }), 'UTC'),
    ).toEqual({
      format: 'delimited',
      delimiter: '<;>',
      quoted: true,
      preambleRows: 0,
      headerRows: 1,
      mapping: { startTime: 12 },
      numericUnit: 'seconds',
      timeZone: 'UTC',
    });
    expect(
      parseImportSettings(
        JSON.stringify({ format: 'delimited', delimiter: 'whitespace', mapping: { startTime: 0 } }),
        'UTC',
      ),
    ).toMatchObject({ delimiter: 'whitespace' });
  });

  it('refuses an unknown unit, date order or zone, and unknown fields', () => {
    const base = { format: 'delimited', delimiter: ',', mapping: { startTime: 0 } };
    expect(parseImportSettings(JSON.stringify({ ...base, numericUnit: 'minutes' }), 'UTC')).toMatch(
      /^the unit of numeric times must be one of "auto"/,
    );
    expect(parseImportSettings(JSON.stringify({ ...base, dateOrder: 'ydm' }), 'UTC')).toBe(
      'the date order must be one of "ymd", "mdy", "dmy"',
    );
    expect(parseImportSettings(JSON.stringify({ ...base, timeZone: 'Mars/Base' }), 'UTC')).toMatch(
      /not a known time zone/,
    );
    expect(parseImportSettings(JSON.stringify({ ...base, extra: 1 }), 'UTC')).toBe(
      'the settings object has a setting this format does not take: "extra"',
    );
  });
});

describe('JSON settings from a client', () => {
  it('takes a records document with its container and path, filling the zone and the unit', () => {
    const text = JSON.stringify({
      format: 'jsonl',
      fields: { startTime: 'eventTime', actor: 'userIdentity.arn' },
      container: 'array',
      recordsPath: 'Records',
    });
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
    expect(parseImportSettings(JSON.stringify({ ...base, container: 'xml' }), 'UTC')).toBe(
      'the container must be one of "lines", "array", "values", "cri", "logfmt"',
    );
    expect(parseImportSettings(JSON.stringify({ ...base, numericUnit: 'weeks' }), 'UTC')).toMatch(
      /^the unit of numeric times must be one of /,
    );
    expect(parseImportSettings(JSON.stringify({ format: 'har', limits: { maxEntries: 1 } }), 'UTC')).toMatch(/limits/);
  });
});

describe('the chat family settings a client sends', () => {
  it('fills a missing zone for IRC and WhatsApp with the one given', () => {
    expect(parseImportSettings('{"format":"irc","startDate":"2024-03-15"}', 'Europe/Rome')).toEqual({
      format: 'irc',
      startDate: '2024-03-15',
      timeZone: 'Europe/Rome',
    });
    expect(
      parseImportSettings('{"format":"whatsapp","dateOrder":"day-first","timeZone":"UTC"}', 'Europe/Rome'),
    ).toEqual({
      format: 'whatsapp',
      dateOrder: 'day-first',
      timeZone: 'UTC',
    });
  });

  it('takes subtitles with or without the recording start (the server fills it from the incident)', () => {
    expect(parseImportSettings('{"format":"subtitles","anchorMicros":1704067200000000}', 'UTC')).toEqual({
      format: 'subtitles',
      anchorMicros: 1_704_067_200_000_000,
    });
    expect(parseImportSettings('{"format":"subtitles"}', 'UTC')).toEqual({ format: 'subtitles' });
  });

  it('refuses what the parsers could not use, naming the setting', () => {
    expect(parseImportSettings('{"format":"whatsapp","dateOrder":"sideways"}', 'UTC')).toBe(
      'the date order must be one of "day-first", "month-first", "year-first"',
    );
    expect(parseImportSettings('{"format":"irc","startDate":"15/03/2024"}', 'UTC')).toBe(
      'the date of lines without one must be a date as year-month-day, e.g. 2011-12-31',
    );
    expect(parseImportSettings('{"format":"irc","timeZone":"Mars/Olympus"}', 'UTC')).toBe(
      'the time zone "Mars/Olympus" is not a known time zone',
    );
    expect(parseImportSettings('{"format":"subtitles","anchorMicros":-1}', 'UTC')).toBe(
      'the recording start must be a whole number of 0 or more',
    );
  });
});
