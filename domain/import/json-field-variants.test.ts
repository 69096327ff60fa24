/*
 * JSON evidence from producers the field fixtures do not cover, written after each format's documentation:
 * a Telegram Desktop chat export (result.json: formatted text as pieces, service lines without text),
 * Suricata eve.json and Zeek JSON logs (the client address is the actor). Values worked out by hand.
 */
import { describe, expect, it } from 'vitest';
import { importDetected, isoOfMicros } from '../../tests/support/import-detected.ts';

async function read(text: string, fileName: string) {
  const { detection, invalid, records } = await importDetected(text, fileName);
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

  it('Suricata eve.json: offsets written +0000, the source address as actor', async () => {
    const lines = [
      '{"timestamp":"2024-01-02T07:41:03.515123+0000","flow_id":1,"event_type":"alert","src_ip":"10.0.0.5","src_port":51515,"dest_ip":"93.184.216.34","dest_port":80,"proto":"TCP"}',
      '{"timestamp":"2024-01-02T08:41:04.001000+0100","flow_id":2,"event_type":"dns","src_ip":"10.0.0.6","src_port":53000,"dest_ip":"8.8.8.8","dest_port":53,"proto":"UDP"}',
      '{"timestamp":"2024-01-02T07:41:05.250000+0000","flow_id":3,"event_type":"http","src_ip":"10.0.0.5","src_port":51516,"dest_ip":"93.184.216.34","dest_port":80,"proto":"TCP"}',
    ].join('\n');
    const { rows } = await read(lines, 'eve.json');
    expect(rows.map((row) => [row.at, row.actor])).toEqual([
      ['2024-01-02T07:41:03.515Z', '10.0.0.5'],
      ['2024-01-02T07:41:04.001Z', '10.0.0.6'],
      ['2024-01-02T07:41:05.250Z', '10.0.0.5'],
    ]);
  });

  it('Zeek JSON: epoch seconds with a fraction, the originator as actor rather than the service', async () => {
    const lines = [
      '{"ts":1704181263.515123,"uid":"CHhAvVGS1DHFjwGM9","id.orig_h":"10.0.0.5","id.orig_p":51515,"id.resp_h":"93.184.216.34","id.resp_p":80,"proto":"tcp","service":"http"}',
      '{"ts":1704181264.001,"uid":"CHhAvVGS1DHFjwGM8","id.orig_h":"10.0.0.6","id.orig_p":53000,"id.resp_h":"8.8.8.8","id.resp_p":53,"proto":"udp","service":"dns"}',
    ].join('\n');
    const { rows } = await read(lines, 'conn.log');
    // 1704181263 s is 2024-01-02T07:41:03Z (date -u -d @1704181263).
    expect(rows.map((row) => [row.at, row.actor])).toEqual([
      ['2024-01-02T07:41:03.515Z', '10.0.0.5'],
      ['2024-01-02T07:41:04.001Z', '10.0.0.6'],
    ]);
  });

  it('a DiscordChatExporter JSON export: the author and the content', async () => {
    const doc = JSON.stringify({
      guild: { id: '1', name: 'Ops' },
      channel: { id: '2', type: 'GuildTextChat', name: 'incidents' },
      messages: [
        {
          id: '10',
          type: 'Default',
          timestamp: '2024-01-02T07:41:03.515+00:00',
          timestampEdited: null,
          content: 'Server down?',
          author: { id: '111', name: 'alice', nickname: 'Alice', isBot: false },
          attachments: [],
        },
        {
          id: '11',
          type: 'Default',
          timestamp: '2024-01-02T08:42:10.000+01:00',
          timestampEdited: null,
          content: 'Yes',
          author: { id: '222', name: 'bob', nickname: 'Bob', isBot: false },
          attachments: [],
        },
      ],
      messageCount: 2,
    });
    const { rows } = await read(doc, 'Ops - incidents.json');
    expect(rows).toEqual([
      { at: '2024-01-02T07:41:03.515Z', actor: 'alice', message: 'Server down?' },
      { at: '2024-01-02T07:42:10.000Z', actor: 'bob', message: 'Yes' },
    ]);
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
});
