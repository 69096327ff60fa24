/*
 * Chat exports written as blocks (DiscordChatExporter TXT, imessage-exporter TXT): the examples, the
 * date order detection says and the one the analyst sets, and input that never ends a message.
 */
import { describe, expect, it } from 'vitest';
import { importDetected } from '../../tests/support/import-detected.ts';
import { exampleInput, itReadsEachExample } from '../../tests/support/example-cases.ts';
import { IrcSettingsSchema } from './chat-settings.ts';
import { collectImport } from './collect-import.ts';
import { detectFormat } from './detect-format.ts';
import { parseImport } from './parse-import.ts';

const US = [
  '==============================================================',
  'Guild: Ops',
  'Channel: incident / #general',
  '==============================================================',
  '',
  '[3/5/2024 12:00 PM] alice#0001',
  'hello all',
  '',
  '',
].join('\n');

describe('chat exports written as blocks', () => {
  itReadsEachExample('chat-blocks', IrcSettingsSchema);

  it('says which date order it read, from a day above 12 or by default, and reads the one set instead', async () => {
    const gb = detectFormat(exampleInput('chat-blocks', 'discord-en-gb'), 'x.txt');
    expect(gb.reason).toContain('day-first dates: 13 in the first position');
    expect(gb).toMatchObject({ settings: { layout: 'discord-txt', dateOrder: 'dmy' } });
    const us = detectFormat(new TextEncoder().encode(US), 'x.txt');
    expect(us.reason).toContain('no value above 12 decides the date order in 1 date; read month-first (US)');
    const settings = { format: 'irc', timeZone: 'UTC', layout: 'discord-txt', dateOrder: 'dmy' } as const;
    const { records } = await collectImport(parseImport(new TextEncoder().encode(US), settings));
    expect(records[0]?.startMicros).toBe(Date.UTC(2024, 4, 3, 12) * 1000);
  });

  it('tells an iMessage export by its dates alone on a line', () => {
    const detection = detectFormat(exampleInput('chat-blocks', 'imessage-group'), 'chat.txt');
    expect(detection).toMatchObject({ format: 'irc', settings: { layout: 'imessage-txt' } });
  });

  it("tells sigtop's Signal text export by its header lines and keeps what is not the text in extra", async () => {
    const { detection, records } = await importDetected(exampleInput('chat-blocks', 'sigtop-signal'), 'Bob.txt');
    expect(detection).toMatchObject({ format: 'irc', settings: { layout: 'sigtop-txt' } });
    expect(records[1]?.extra).toMatchObject({
      direction: 'outgoing',
      conversation: 'Bob (+15551234567)',
      attachments: 'graph.png (image/png, 48213 bytes)',
      quote: 'From: Bob (+15551234567)\nSent: Tue, 5 Mar 2024 12:00:00 +0100\n\nIs the server down?',
    });
    expect(records[2]?.extra).toMatchObject({ reactions: '👍 from You', edited: '2 versions' });
    expect(records[3]?.extra).toMatchObject({ kind: 'group-v2-change' });
  });

  it('reads a sigtop message of 1 MiB and more by its first MiB, and many unanswered "From:" lines linearly', async () => {
    const settings = { format: 'irc', timeZone: 'UTC', layout: 'sigtop-txt' } as const;
    const head = 'From: Bob\nType: incoming\nSent: Tue, 5 Mar 2024 12:00:00 +0100\n\n';
    const long = `${head}${`${'y'.repeat(1000)}\n`.repeat(1100)}`;
    const bounded = await collectImport(parseImport(new TextEncoder().encode(long), settings));
    expect(bounded.records).toHaveLength(1);
    expect(bounded.invalid.at(0)?.reason).toBe(
      'the message this line continues is already 1 MiB long: the line is left out',
    );
    const started = performance.now();
    const hostile = `${head}${'\nFrom: x\n'.repeat(100_000)}`;
    const { records } = await collectImport(parseImport(new TextEncoder().encode(hostile), settings));
    expect(records).toHaveLength(1);
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it('bounds a message at 1 MiB and stays linear on many unreadable headers', async () => {
    const long = `${US}[3/5/2024 12:01 PM] bob\n${`${'y'.repeat(1000)}\n`.repeat(1100)}`;
    const settings = { format: 'irc', timeZone: 'UTC', layout: 'discord-txt', dateOrder: 'mdy' } as const;
    const bounded = await collectImport(parseImport(new TextEncoder().encode(long), settings));
    expect(bounded.records.map((record) => record.actor)).toEqual(['alice#0001', 'bob']);
    expect(bounded.invalid.at(0)?.reason).toBe(
      'the message this line continues is already 1 MiB long: the line is left out',
    );
    const hostile = `${US}${'[nope nope] x\n\n'.repeat(100_000)}`;
    const started = performance.now();
    const { invalid } = await collectImport(parseImport(new TextEncoder().encode(hostile), settings));
    expect(invalid).toHaveLength(100_000);
    expect(performance.now() - started).toBeLessThan(10_000);
  });
});
