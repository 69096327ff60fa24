/*
 * Mangled chat files: whatever the lines hold, the IRC, WhatsApp and subtitle parsers finish, every
 * line ends up in an event, an invalid row or a skipped line, and every event has a valid time span.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ImportSettings } from './import-settings.ts';
import { collectImport } from './collect-import.ts';
import { parseImport } from './parse-import.ts';

// Pieces of real lines of each dialect, so mangled files come near the shapes the parsers accept.
const PIECES = [
  '**** BEGIN LOGGING AT Mon Dec 31 21:11:55 2011',
  'dec 31 21:11:55 ',
  '<nick> ',
  '* ',
  '--> ',
  '--- Day changed Wed Jan 01 2014',
  '--- Log opened Tue Dec 31 21:11 2013',
  '[09:15:02] ',
  '21:12 ',
  'T 1388534400 ',
  '2011-12-31 21:11:55\t',
  '\t',
  '12/31/19, 9:41 PM - ',
  '[31.12.19, 21:41:05] ',
  'Alice: ',
  '\u202fp. m.',
  'WEBVTT',
  'NOTE x',
  '00:00:01.000 --> 00:00:02.000',
  '00:01,000 --> 00:00,500',
  '1',
  '<v Bob>',
  '[Alba] ',
  '<i>',
  '&amp;',
  '39:95:90',
  '13/13/19',
  'x',
  ' ',
  '日本',
  '\u200e',
  '<div class="message default clearfix" id="message1">',
  '<div class="message default clearfix joined" id="message2">',
  '<div class="message service" id="message-3">',
  '<div class="pull_right date details" title="05.03.2024 12:00:01 UTC+01:00">',
  '<div class="pull_right date details" title="31.12.2019 23:59:59">',
  '<div class="from_name">',
  '<div class="forwarded body">',
  '<div class="text">',
  '</div>',
  '<br>',
  '<',
];
const files = fc
  .array(
    fc.array(fc.constantFrom(...PIECES), { maxLength: 4 }).map((parts) => parts.join('')),
    { maxLength: 30 },
  )
  .map((lines) => lines.join('\n'));
const SETTINGS: ImportSettings[] = [
  { format: 'irc', timeZone: 'Europe/Paris' },
  { format: 'irc', timeZone: 'UTC', startDate: '2024-02-29' },
  { format: 'irc', timeZone: 'Asia/Tokyo', layout: 'telegram-html' },
  { format: 'whatsapp', timeZone: 'America/New_York', dateOrder: 'month-first' },
  { format: 'whatsapp', timeZone: 'UTC', dateOrder: 'day-first' },
  { format: 'subtitles', anchorMicros: 1_700_000_000_000_000 },
];

describe('chat parsers on mangled files', () => {
  it.each(SETTINGS.map((settings) => [settings.format, settings] as const))(
    '%s: finishes with events in order of lines and valid spans',
    async (_format, settings) => {
      await fc.assert(
        fc.asyncProperty(files, async (text) => {
          const lineCount = text.split('\n').length;
          const { records, invalid } = await collectImport(parseImport(new TextEncoder().encode(text), settings));
          for (const record of records) {
            expect(Number.isSafeInteger(record.startMicros) && record.startMicros >= 0).toBe(true);
            expect(record.endMicros).toBeGreaterThanOrEqual(record.startMicros);
            expect(record.line).toBeGreaterThanOrEqual(1);
            expect(record.line).toBeLessThanOrEqual(lineCount);
          }
          for (const row of invalid) {
            expect(row.reason.length).toBeGreaterThan(0);
            expect(row.line).toBeLessThanOrEqual(lineCount);
          }
          const lines = records.map((record) => record.line);
          expect(lines).toEqual([...lines].sort((a, b) => a - b));
        }),
        { numRuns: 150 },
      );
    },
  );

  it('Telegram HTML: a megabyte of unclosed "<" in a message and a message past 1 MiB finish in one pass', async () => {
    const message = (id: number, text: string) =>
      [
        `<div class="message default clearfix" id="message${id}">`,
        '<div class="pull_right date details" title="05.03.2024 12:00:01 UTC+01:00">',
        '</div>',
        '<div class="from_name">',
        'Ana',
        '</div>',
        '<div class="text">',
        text,
        '</div>',
        '</div>',
      ].join('\n');
    const file = [
      '<div class="history">',
      message(1, '<'.repeat(1_000_000)),
      message(2, Array.from({ length: 40 }, () => 'x'.repeat(40_000)).join('\n')),
      message(3, 'after'),
    ].join('\n');
    const started = performance.now();
    const { records, invalid } = await collectImport(
      parseImport(new TextEncoder().encode(file), { format: 'irc', timeZone: 'UTC', layout: 'telegram-html' }),
    );
    // Linear work takes seconds on a loaded machine; a rescan per "<" would take hours.
    expect(performance.now() - started).toBeLessThan(60_000);
    expect(records.map((record) => record.message.length)).toEqual([1_000_000, 5]);
    expect(invalid).toEqual([{ line: 12, reason: 'the message is over 1 MiB long: it is left out' }]);
  });
});
