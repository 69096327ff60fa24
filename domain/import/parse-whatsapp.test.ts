import { timeActorMessage } from './time-actor-message.ts';
import { describe, expect, it } from 'vitest';
import type { WhatsappSettings } from './chat-settings.ts';
import { exampleInput, itReadsEachExample } from '../../tests/support/example-cases.ts';
import { collectImport } from './collect-import.ts';
import { detectFormat } from './detect-format.ts';
import { settingsFromDetection } from './import-settings.ts';
import { parseImport } from './parse-import.ts';

const iso = (micros: number | undefined) => (micros === undefined ? undefined : new Date(micros / 1000).toISOString());
const bytesOf = (text: string) => new TextEncoder().encode(text);
const asBytes = (input: string | Uint8Array) => (typeof input === 'string' ? bytesOf(input) : input);
const run = (input: string | Uint8Array, settings: WhatsappSettings) =>
  collectImport(parseImport(asBytes(input), settings));
const detect = (input: string | Uint8Array) => detectFormat(asBytes(input), 'WhatsApp Chat with Team.txt');
/** Detected settings, the zone replaced as the preview and server do. */
const settingsOf = (text: string | Uint8Array, timeZone = 'UTC') =>
  settingsFromDetection(detect(text), timeZone) as WhatsappSettings;

describe('WhatsApp exports', () => {
  it('Android, US English: month-first from a 31 in second place, 12-hour clock, system line, multi-line message', async () => {
    const chat = [
      '12/31/19, 9:41 PM - Messages and calls are end-to-end encrypted. No one outside of this chat, not even WhatsApp, can read or listen to them. Tap to learn more.',
      '12/31/19, 9:41 PM - Alice: Happy new year!',
      '12/31/19, 11:59 PM - Bob: <Media omitted>',
      "1/1/20, 12:00 AM - Alice: It's 2020",
      'and this line continues it',
      '',
      '1/1/20, 12:05 PM - +1 555 0100: Second: with a colon',
    ].join('\n');
    const detection = detect(chat);
    expect(detection.format).toBe('whatsapp');
    expect(detection.reason).toBe(
      'WhatsApp export (Android): 5 of 6 lines start with a date, time and sender (the others continue a message); month-first: 31 appears in the second position ("12/31/19, 9:41 PM")',
    );
    const settings = settingsOf(chat, 'America/New_York');
    expect(settings).toEqual({ format: 'whatsapp', timeZone: 'America/New_York', dateOrder: 'month-first' });
    const { records, invalid } = await run(chat, settings);
    expect(invalid).toEqual([]);
    expect(timeActorMessage(records)).toEqual([
      [
        '2020-01-01T02:41:00.000Z',
        '',
        'Messages and calls are end-to-end encrypted. No one outside of this chat, not even WhatsApp, can read or listen to them. Tap to learn more.',
      ],
      ['2020-01-01T02:41:00.000Z', 'Alice', 'Happy new year!'],
      ['2020-01-01T04:59:00.000Z', 'Bob', '<Media omitted>'],
      ['2020-01-01T05:00:00.000Z', 'Alice', "It's 2020\nand this line continues it"],
      ['2020-01-01T17:05:00.000Z', '+1 555 0100', 'Second: with a colon'],
    ]);
    expect(records.map((record) => record.line)).toEqual([1, 2, 3, 4, 7]);
    expect(records[0]?.extra).toMatchObject({ kind: 'system', platform: 'android' });
    expect(records[2]?.extra).toMatchObject({ kind: 'message', mediaOmitted: true });
    const french = await run(
      '31/12/2019 21:41 - Alice: <Médias omis>\n[31/12/2019, 21:42:00] Bob: \u200eimage omitted\n',
      { format: 'whatsapp', timeZone: 'UTC', dateOrder: 'day-first' },
    );
    expect(french.records.map((record) => record.extra.mediaOmitted)).toEqual([true, true]);
  });

  itReadsEachExample('whatsapp');

  it('Android, British English: the reason says day-first from a 31 in first place', () => {
    expect(detect(exampleInput('whatsapp', 'android-british')).reason).toContain(
      'day-first: 31 appears in the first position ("31/12/2019, 21:41")',
    );
  });

  it('iOS, German: detected as iOS and day-first; the attachment is kept', async () => {
    const chat = exampleInput('whatsapp', 'ios-german');
    const detection = detect(chat);
    expect(detection.reason).toMatch(
      /^WhatsApp export \(iOS\): 3 of 3 lines .*day-first: 31 appears in the first position/,
    );
    const { records } = await run(chat, settingsOf(chat, 'Europe/Berlin'));
    expect(records[2]?.extra).toMatchObject({ platform: 'ios', attachment: '00000012-PHOTO-2019-12-31-21-42-00.jpg' });
  });

  it('iOS, Spanish: "p. m." after a narrow no-break space leaves the dates day-first', () => {
    expect(settingsOf(exampleInput('whatsapp', 'ios-spanish')).dateOrder).toBe('day-first');
  });

  it('year-first dates', async () => {
    const yearFirst = '2019-12-31, 21:41 - Alice: hej\n2020-01-01, 00:01 - Bob: hej då\n';
    const settings = settingsOf(yearFirst);
    expect(settings.dateOrder).toBe('year-first');
    expect(timeActorMessage((await run(yearFirst, settings)).records)[1]).toEqual([
      '2020-01-01T00:01:00.000Z',
      'Bob',
      'hej då',
    ]);
  });

  it('ambiguous dates stay month-first and the reason says so; the analyst can set day-first', async () => {
    const chat = '01/02/20, 10:00 - Alice: first\n01/03/20, 10:00 - Bob: second\n';
    expect(detect(chat).reason).toContain(
      'month-first: no number above 12 decides between day and month in the sample, so month-first was kept (set the date order if this export is day-first)',
    );
    expect(timeActorMessage((await run(chat, settingsOf(chat))).records).map((row) => row[0])).toEqual([
      '2020-01-02T10:00:00.000Z',
      '2020-01-03T10:00:00.000Z',
    ]);
    const dayFirst = await run(chat, { format: 'whatsapp', timeZone: 'UTC', dateOrder: 'day-first' });
    expect(dayFirst.records.map((record) => iso(record.startMicros))).toEqual([
      '2020-02-01T10:00:00.000Z',
      '2020-03-01T10:00:00.000Z',
    ]);
  });

  it('without a number above 12, the order in which dates run forward decides', () => {
    const chat = '03/01/20, 10:00 - A: x\n04/01/20, 10:00 - B: y\n05/01/20, 10:00 - A: z\n01/02/20, 10:00 - B: w\n';
    expect(detect(chat).reason).toContain(
      'day-first: no number above 12 decides, but the dates run forward only when read day-first (1 steps back read month-first)',
    );
  });

  it('bad lines become invalid rows; a refused message takes its continuation lines with it', async () => {
    const chat = [
      'Chat exported by a tool',
      '12/31/19, 9:41 PM - Alice: fine',
      '13/13/19, 9:41 PM - Bob: no such month',
      'continuation of the refused message',
      '12/31/19, 13:41 PM - Bob: 13 PM',
      '12/31/19, 9:50 PM - Alice: fine again',
    ].join('\n');
    const { records, invalid } = await run(chat, { format: 'whatsapp', timeZone: 'UTC', dateOrder: 'month-first' });
    expect(invalid).toEqual([
      {
        line: 1,
        reason:
          '"Chat exported by a tool" comes before the first message and does not start one (expected a date, a time and a sender)',
      },
      { line: 3, reason: '"13/13/19, 9:41 PM" is not a date (expected month/day/year)' },
      { line: 5, reason: '"12/31/19, 13:41 PM" has hour 13 with AM/PM (expected 1 to 12)' },
    ]);
    expect(records.map((record) => [record.line, record.message])).toEqual([
      [2, 'fine'],
      [6, 'fine again'],
    ]);
  });

  it("streams a long export: messages continued across the parser's passes stay whole", async () => {
    const lines: string[] = [];
    for (let index = 0; index < 3000; index += 1)
      lines.push(
        `12/31/19, 9:${String(index % 60).padStart(2, '0')} PM - Member ${index % 7}: message ${index}`,
        `second line of ${index}`,
      );
    const { records, invalid } = await run(lines.join('\n'), {
      format: 'whatsapp',
      timeZone: 'UTC',
      dateOrder: 'month-first',
    });
    expect(invalid).toEqual([]);
    expect(records).toHaveLength(3000);
    expect(
      records.every(
        (record, index) =>
          record.message === `message ${index}\nsecond line of ${index}` && record.line === 2 * index + 1,
      ),
    ).toBe(true);
    expect(records.at(-1)).toMatchObject({ actor: 'Member 3', line: 5999 });
  });

  it('an application log with " - " after the time is not taken for an Android export (no comma after its date)', () => {
    expect(
      detect('2024-06-04 09:00:00 - root - INFO - started\n2024-06-04 09:00:01 - root - INFO - ready: yes\n').format,
    ).not.toBe('whatsapp');
  });

  it('Android with seconds after a comma (a locale whose time has seconds; chat-miner test export): day-first from a 21', async () => {
    const chat = [
      '21/10/21, 15:21:45 - John Doe: Lorem ipsum dolor sit amet.',
      '22/10/21, 15:21:46 - John Doe: Lorem ipsum dolor sit amet.',
      '',
      '23/10/21, 15:21:47 - John-John Doe: Lorem ipsum : dolor sit amet.',
      '24/10/21, 15:21:48 - Jahn Doe: Lorem ipsum dolor sit amet,',
      'consectetur adipiscing elit. Duis libero.',
    ].join('\n');
    expect(detect(chat).reason).toBe(
      'WhatsApp export (Android): 4 of 5 lines start with a date, time and sender (the others continue a message); day-first: 21 appears in the first position ("21/10/21, 15:21:45")',
    );
    const { records, invalid } = await run(chat, settingsOf(chat));
    expect(invalid).toEqual([]);
    expect(timeActorMessage(records)).toEqual([
      ['2021-10-21T15:21:45.000Z', 'John Doe', 'Lorem ipsum dolor sit amet.'],
      ['2021-10-22T15:21:46.000Z', 'John Doe', 'Lorem ipsum dolor sit amet.'],
      ['2021-10-23T15:21:47.000Z', 'John-John Doe', 'Lorem ipsum : dolor sit amet.'],
      [
        '2021-10-24T15:21:48.000Z',
        'Jahn Doe',
        'Lorem ipsum dolor sit amet,\nconsectetur adipiscing elit. Duis libero.',
      ],
    ]);
  });

  it('a plain log is not taken for WhatsApp', () => {
    expect(detect('12/31/19 21:41:00 server started\n12/31/19 21:41:01 listening\n').format).not.toBe('whatsapp');
  });
});
