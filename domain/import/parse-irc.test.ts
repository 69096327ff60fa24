import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { timeActorMessage } from './time-actor-message.ts';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '../../tests/support/fixtures-dir.ts';
import { IrcSettingsSchema, type IrcSettings } from './chat-settings.ts';
import { exampleInput, itReadsEachExample } from '../../tests/support/example-cases.ts';
import { collectImport } from './collect-import.ts';
import { DETECT_BYTES, detectFormat } from './detect-format.ts';
import { settingsFromDetection } from './import-settings.ts';
import { parseImport } from './parse-import.ts';

const iso = (micros: number | undefined) => (micros === undefined ? undefined : new Date(micros / 1000).toISOString());
const utc: IrcSettings = { format: 'irc', timeZone: 'UTC' };
const run = (text: string | Uint8Array, settings: IrcSettings = utc) =>
  collectImport(parseImport(typeof text === 'string' ? new TextEncoder().encode(text) : text, settings));

function* chunked(bytes: Uint8Array, size: number): Generator<Uint8Array> {
  for (let at = 0; at < bytes.byteLength; at += size) yield bytes.subarray(at, at + size);
}

describe('the XChat transcript fixture', () => {
  const path = 'events/xchat_irc_transcript.log';
  const bytes = new Uint8Array(readFileSync(join(FIXTURES_DIR, path)));

  it('is detected as IRC and imports with no settings', async () => {
    const detection = detectFormat(bytes.subarray(0, DETECT_BYTES), 'xchat_irc_transcript.log');
    expect(detection.format).toBe('irc');
    expect(detection.reason).toMatch(/^XChat\/HexChat IRC log: 11 of 16 lines/);
    const settings = settingsFromDetection(detection, 'UTC');
    expect(settings).toEqual({ format: 'irc', timeZone: 'UTC' });
  });

  it('reads both sessions: 15 events, the impossible time 39:95:90 an invalid row', async () => {
    const { records, invalid } = await run(bytes);
    expect(records).toHaveLength(15);
    expect(invalid).toEqual([
      { line: 10, reason: expect.stringContaining('"dec 31 39:95:90" is not a date and time') as string },
    ]);
    // Session headers: 2011 (BEGIN LOGGING) and, in Italian, 2012 (INIZIO DEL LOG).
    expect(iso(records[0]?.startMicros)).toBe('2011-12-31T21:11:55.000Z');
    expect(records[0]).toMatchObject({ line: 1, actor: '', message: 'BEGIN LOGGING AT Mon Dec 31 21:11:55 2011' });
    expect(iso(records.at(-1)?.startMicros)).toBe('2012-02-26T19:52:52.000Z');
    expect(records.at(-1)).toMatchObject({ line: 21, message: 'FINE DEL LOG Sun Feb 26 19:52:52 2012' });
    expect(new Set(records.map((record) => record.actor))).toEqual(
      new Set(['', 'XChat', 'fpi', 'STRANGER', 'Kristinn', 'empty_text']),
    );
    expect(records.find((record) => record.line === 9)).toMatchObject({ actor: 'STRANGER', message: '日本' });
    expect(iso(records.find((record) => record.line === 9)?.startMicros)).toBe('2011-12-31T23:00:00.000Z');
    // A leading space before the date and before the nick is tolerated.
    expect(records.find((record) => record.line === 4)).toMatchObject({
      actor: '',
      message: 'Topic for #gugle is plaso, a difficult word',
      extra: { kind: 'status' },
    });
    expect(records.find((record) => record.line === 18)).toMatchObject({ actor: 'Kristinn', message: 'ftw (it :p)?' });
    expect(iso(records.find((record) => record.line === 17)?.startMicros)).toBe('2012-02-26T19:53:01.000Z');
    expect(records.find((record) => record.line === 19)).toMatchObject({ actor: 'empty_text', message: '' });
    expect(records.find((record) => record.line === 7)).toMatchObject({
      actor: 'XChat',
      message: 'XChat here',
      extra: { kind: 'action' },
    });
    expect(records.find((record) => record.line === 3)).toMatchObject({ actor: '', extra: { kind: 'join' } });
  });

  it('reads the times in the chosen zone', async () => {
    const { records } = await run(bytes, { format: 'irc', timeZone: 'Europe/Rome' });
    expect(iso(records[0]?.startMicros)).toBe('2011-12-31T20:11:55.000Z');
  });

  it('gives the same events whatever the chunk size', async () => {
    const whole = await run(bytes);
    for (const size of [1, 7]) expect(await collectImport(parseImport(chunked(bytes, size), utc))).toEqual(whole);
  });
});

describe('other IRC clients', () => {
  it('HexChat: tab after the nick, mode prefixes, actions, and the year rolls over at New Year', async () => {
    const log = [
      '**** BEGIN LOGGING AT Sat Dec 31 23:58:00 2016',
      'Dec 31 23:59:01 <alice>\thappy new year soon',
      'Dec 31 23:59:30 -->\tbob (~bob@host) has joined #ops',
      'Jan 01 00:00:02 <@bob>\thappy new year',
      'Jan 01 00:00:05 *\talice waves',
      '-NickServ- this line has no time',
    ].join('\n');
    const { records, invalid } = await run(log);
    expect(timeActorMessage(records)).toEqual([
      ['2016-12-31T23:58:00.000Z', '', 'BEGIN LOGGING AT Sat Dec 31 23:58:00 2016'],
      ['2016-12-31T23:59:01.000Z', 'alice', 'happy new year soon'],
      ['2016-12-31T23:59:30.000Z', '', 'bob (~bob@host) has joined #ops'],
      ['2017-01-01T00:00:02.000Z', 'bob', 'happy new year'],
      ['2017-01-01T00:00:05.000Z', 'alice', 'alice waves'],
    ]);
    expect(invalid).toEqual([
      {
        line: 6,
        reason:
          '"-NickServ- this line has no time" is not an IRC log line (expected a time, then a nick or status text)',
      },
    ]);
  });

  itReadsEachExample('irc', IrcSettingsSchema);

  it('a LINE message of many lines is kept up to 1 MiB; the lines past that are reported, the next message read', async () => {
    const filler = Array.from({ length: 30_000 }, (_, index) => `continued line ${index} of the same long text`);
    const text = ['2024/01/02(Tue)', '07:41\tAlice\t"start', ...filler, '07:42\tBob\tnext'].join('\n');
    const { records, invalid } = await run(text);
    expect(records.map((record) => record.actor)).toEqual(['Alice', 'Bob']);
    expect(records[0]?.message.length).toBeLessThanOrEqual(1 << 20);
    expect(records[0]?.message.startsWith('"start\ncontinued line 0 of')).toBe(true);
    expect(records[1]?.message).toBe('next');
    expect(invalid.length).toBeGreaterThan(0);
    expect(invalid[0]?.reason).toBe('the message this line continues is already 1 MiB long: the line is left out');
    expect(records.length + invalid.length).toBeLessThan(filler.length);
  });

  it("XChat in German: month names in the writer's locale", async () => {
    const { records } = await run(
      '**** BEGINN DES LOGS Fri Mar 01 10:00:00 2019\nMär 01 10:00:05 <kurt> hallo\nDez 02 08:00:00 <kurt> später\n',
    );
    expect(records.map((record) => iso(record.startMicros))).toEqual([
      '2019-03-01T10:00:00.000Z',
      '2019-03-01T10:00:05.000Z',
      '2019-12-02T08:00:00.000Z',
    ]);
  });

  it('HexChat scrollback: mIRC colour and bold codes and hidden-text marks around the nick are left out', async () => {
    // HexChat keeps mIRC colour and bold codes and its hidden-text marks (\x08) around the nick.
    const formatted = await run('T 1388534400 \x08<\x08alice\x08>\x08\x0f\t\x02bold\x02 and \x0304,01red\x03 text\n');
    expect(formatted.records.map((record) => [record.actor, record.message])).toEqual([['alice', 'bold and red text']]);
  });

  it('irssi: detected by its "Log opened" line', () => {
    const detection = detectFormat(exampleInput('irc', 'irssi'), 'ops.log');
    expect(detection.format).toBe('irc');
    expect(detection.reason).toMatch(/^irssi IRC log/);
  });

  it('weechat: detected from its tab-separated columns', () => {
    expect(detectFormat(exampleInput('irc', 'weechat'), 'irc.libera.#ops.weechatlog').reason).toMatch(
      /^weechat IRC log: 6 of 6 lines/,
    );
  });

  it('ZNC: detection puts the date in the file name in the settings, and the notes say so', async () => {
    const log = exampleInput('irc', 'znc');
    const detection = detectFormat(log, '#ops_20240315.log');
    expect(detection.format).toBe('irc');
    expect(detection.reason).toContain('2024-03-15, from the file name');
    const settings = settingsFromDetection(detection, 'UTC');
    expect(settings).toEqual({ format: 'irc', timeZone: 'UTC', startDate: '2024-03-15' });
    const { summary } = await run(log, { format: 'irc', timeZone: 'UTC', startDate: '2024-03-15' });
    expect(summary.notes).toContain('Lines with a time but no date were read as from 2024-03-15 on');
  });

  it('bad lines become invalid rows with reasons; the rest still imports', async () => {
    const log =
      '[09:15:02] <alice> no date known yet\n--- Log opened Fri Mar 15 09:00:00 2024\n[25:00:00] <bob> impossible\nrandom words\n[09:20:00] <bob> fine\n';
    const { records, invalid } = await run(log);
    expect(invalid).toEqual([
      {
        line: 1,
        reason: 'the line has a time but no date, and no session line before it gives one: set the start date',
      },
      { line: 3, reason: '"[25:00:00]" is not a time of day (expected hour:minute, hours 0-23)' },
      { line: 4, reason: '"random words" is not an IRC log line (expected a time, then a nick or status text)' },
    ]);
    expect(records.map((record) => record.line)).toEqual([2, 5]);
  });

  it('XChat lines with no session line: the year from a date in the file name, else the reason asks for it', async () => {
    const log = 'dec 31 23:59:59 <alice> last one\njan 01 00:00:01 <bob> first one\n';
    const named = detectFormat(new TextEncoder().encode(log), '#ops-2016-12-31.log');
    expect(settingsFromDetection(named, 'UTC')).toEqual({ format: 'irc', timeZone: 'UTC', startDate: '2016-12-31' });
    const { records } = await run(log, { format: 'irc', timeZone: 'UTC', startDate: '2016-12-31' });
    expect(records.map((record) => iso(record.startMicros))).toEqual([
      '2016-12-31T23:59:59.000Z',
      '2017-01-01T00:00:01.000Z',
    ]);
    const unnamed = detectFormat(new TextEncoder().encode(log), 'ops.log');
    expect(unnamed.reason).toContain(
      "have no year or date and none is in the file name: they are read on the day of the incident's first event unless you set the start date",
    );
    expect((await run(log)).invalid[0]).toEqual({
      line: 1,
      reason: 'the line has no year and no session line before it gives one: set the start date',
    });
  });

  it('a TSV of date-time, name and text is not taken for weechat: it has a header, or no join or part', () => {
    const tsv =
      'time\tactor\tmessage\n2024-06-04 09:00:00\tana\tfirst\nnot a time\tana\tbroken\n2024-06-04 09:01:00\tbo\tsecond\n';
    expect(detectFormat(new TextEncoder().encode(tsv), 'some.tsv').format).toBe('delimited');
    const headerless = '2024-06-04 09:00:00\tana\tfirst\n2024-06-04 09:01:00\tbo\tsecond\n';
    expect(detectFormat(new TextEncoder().encode(headerless), 'some.tsv').format).toBe('delimited');
    expect(detectFormat(new TextEncoder().encode(headerless), 'irc.libera.#ops.weechatlog').format).toBe('irc');
  });

  it('is not taken for syslog, whose lines also start with a month, day and time', () => {
    const syslog =
      'Dec 31 21:11:55 host sshd[123]: Accepted password for root\nDec 31 21:11:56 host cron[9]: (root) CMD (run-parts)\n';
    expect(detectFormat(new TextEncoder().encode(syslog), 'messages').format).not.toBe('irc');
  });
});
