import { readFileSync } from 'node:fs';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { describe, expect, it } from 'vitest';
import { collectImport } from './collect-import.ts';
import { DEFAULT_ZIP_LIMITS, type ZipLimits } from './zip-guard.ts';
import { zipDirectory } from './zip-directory.ts';
import { parseSlackExport } from './parse-slack-export.ts';
import { parseImport } from './parse-import.ts';
import { FIXTURES_DIR } from '../../tests/support/fixtures-dir.ts';
import { repeatedDayFiles } from '../../tests/support/slack-day-files.ts';

const FIXTURE = `${FIXTURES_DIR}/slack/slack_export_testarchive.zip`;
const utc = (iso: string, micro = 0) => Date.parse(iso) * 1000 + micro;
const parseSlack = (zip: Uint8Array, limits?: Partial<ZipLimits>) =>
  collectImport(parseImport(zip, { format: 'slack-zip', limits }));
const json = (value: unknown) => strToU8(JSON.stringify(value));
const USERS = [
  { id: 'U1', name: 'ana', real_name: 'Ana Lyst' },
  { id: 'U2', name: 'deploybot', real_name: '', is_bot: true },
];

describe('the Slack fixture', () => {
  it('reads 158 messages from 17 day files of 2 channels', async () => {
    const { records, invalid, summary } = await parseSlack(new Uint8Array(readFileSync(FIXTURE)));
    expect(invalid).toEqual([]);
    expect(records).toHaveLength(158);
    expect(new Set(records.map((record) => record.stream))).toEqual(new Set(['enrique', 'traveling-sailor']));
    expect(summary).toMatchObject({
      format: 'slack-zip',
      validCount: 158,
      notes: ['2 channel(s): enrique, traveling-sailor; 4 user(s) in users.json'],
    });
    const starts = records.map((record) => record.startMicros);
    expect(new Date(Math.min(...starts) / 1000).toISOString().slice(0, 10)).toBe('2016-01-15');
    expect(new Date(Math.max(...starts) / 1000).toISOString().slice(0, 10)).toBe('2016-03-29');
    expect(records[0]).toEqual({
      line: 1,
      startMicros: 1_452_837_318_000_002,
      endMicros: 1_452_837_318_000_002,
      actor: 'Hamza Faran',
      message: '@Hamza Faran has joined the channel',
      extra: { user: 'U0BMQB6JE', type: 'message', subtype: 'channel_join', ts: '1452837318.000002' },
      stream: 'enrique',
    });
  });

  it('names bots, falls back to attachments for empty text, and keeps subtypes and shared files', async () => {
    const { records } = await parseSlack(new Uint8Array(readFileSync(FIXTURE)));
    const bots = records.filter((record) => record.extra.subtype === 'bot_message');
    expect(bots).toHaveLength(94);
    expect(bots.every((record) => record.actorIsBot === true && record.message !== '')).toBe(true);
    const commit = records.find((record) => record.extra.ts === '1454892394.000004');
    expect(commit).toMatchObject({ actor: 'github', stream: 'enrique' });
    expect(commit?.message).toBe(
      '[enrique:master] 1 new commit by Anthony Bilinski:\n<https://github.com/mesos-magellan/enrique/commit/ed1acbe9837b5ddf91e93606b604df3c2b4e128f|ed1acbe>: executor with simulated annealing rough draft - Anthony Bilinski',
    );
    const counts = new Map<string, number>();
    for (const record of records)
      counts.set(String(record.extra.subtype ?? ''), (counts.get(String(record.extra.subtype ?? '')) ?? 0) + 1);
    expect(Object.fromEntries(counts)).toEqual({
      '': 49,
      bot_message: 94,
      channel_join: 8,
      bot_add: 3,
      file_share: 3,
      file_comment: 1,
    });
    const share = records.find((record) => record.extra.subtype === 'file_share');
    expect(share).toMatchObject({ actor: 'Hermione Granger', stream: 'traveling-sailor' });
    expect(share?.extra.files).toEqual([
      expect.objectContaining({
        id: 'F0VNAKDE2',
        name: '100_cities.js',
        title: '100 cities',
        mimetype: 'text/plain',
        size: 4163,
      }),
    ]);
    expect(share?.extra).not.toHaveProperty('file');
    // The export's access token never reaches the events every analyst reads.
    const shared = JSON.stringify(records.map((record) => record.extra.files ?? []));
    expect(shared).toContain('https://files.slack.com/files-pri/T0BMHLSRH-F0VNAKDE2/100_cities.js');
    expect(shared).not.toContain('xoxe-');
    const comment = records.find((record) => record.extra.subtype === 'file_comment');
    expect(comment?.message).toContain('’s file');
  });
});

describe('Slack exports built here', () => {
  it('keeps thread_ts as the thread key and reads µs timestamps exactly', async () => {
    const zip = zipSync({
      'users.json': json(USERS),
      'channels.json': json([{ id: 'C1', name: 'incident' }]),
      'incident/2024-01-01.json': json([
        { type: 'message', user: 'U1', text: 'parent', ts: '1704067200.000100', thread_ts: '1704067200.000100' },
        {
          type: 'message',
          user: 'U2',
          text: 'reply to <@U1>',
          ts: '1704067201.999999',
          thread_ts: '1704067200.000100',
        },
        {
          type: 'message',
          bot_id: 'B9',
          username: 'pager',
          subtype: 'bot_message',
          text: '',
          files: [{ id: 'F1', name: 'graph.png', mimetype: 'image/png' }],
          ts: '1704067202.5',
        },
        { type: 'message', user: 'U1', text: 'no ts' },
      ]),
    });
    const { records, invalid } = await parseSlack(zip);
    expect(
      records.map((record) => [record.startMicros, record.actor, record.message, record.threadKey, record.actorIsBot]),
    ).toEqual([
      [utc('2024-01-01T00:00:00Z', 100), 'Ana Lyst', 'parent', '1704067200.000100', undefined],
      [utc('2024-01-01T00:00:01Z', 999_999), 'deploybot', 'reply to @Ana Lyst', '1704067200.000100', true],
      [utc('2024-01-01T00:00:02.5Z'), 'pager', 'uploaded a file: graph.png', undefined, true],
    ]);
    expect(records[2]?.extra.files).toEqual([{ id: 'F1', name: 'graph.png', mimetype: 'image/png' }]);
    expect(invalid).toEqual([{ line: 4, reason: 'incident/2024-01-01.json message 4: ts is missing' }]);
  });

  it('reads a bot message whose text is only in its Block Kit blocks', async () => {
    const zip = zipSync({
      'users.json': json(USERS),
      'incident/2024-01-01.json': json([
        {
          type: 'message',
          subtype: 'bot_message',
          bot_id: 'B2',
          bot_profile: { name: 'GitHub' },
          text: '',
          blocks: [
            { type: 'header', text: { type: 'plain_text', text: 'Deploy failed' } },
            {
              type: 'section',
              text: { type: 'mrkdwn', text: '*PR #7* by <@U1>' },
              fields: [{ type: 'mrkdwn', text: 'env: prod' }],
            },
            {
              type: 'rich_text',
              elements: [
                {
                  type: 'rich_text_section',
                  elements: [
                    { type: 'text', text: 'see ' },
                    { type: 'link', url: 'https://ci.example.com/42' },
                    { type: 'emoji', name: 'fire' },
                  ],
                },
              ],
            },
          ],
          ts: '1704067200.000100',
        },
      ]),
    });
    const { records } = await parseSlack(zip);
    expect(records.map((record) => [record.actor, record.message])).toEqual([
      ['GitHub', 'Deploy failed\n*PR #7* by @Ana Lyst env: prod\nsee https://ci.example.com/42:fire:'],
    ]);
  });

  it('reads an export zipped with its folder, and reports a broken day file', async () => {
    const zip = zipSync({
      'Acme Slack export/users.json': json(USERS),
      'Acme Slack export/ops/2024-01-01.json': json([
        { type: 'message', user: 'U1', text: 'hi', ts: '1704067200.000001' },
      ]),
      'Acme Slack export/ops/2024-01-02.json': strToU8('[{"type": "message", "te'),
    });
    const { records, invalid } = await parseSlack(zip);
    expect(records).toMatchObject([{ actor: 'Ana Lyst', stream: 'ops', message: 'hi' }]);
    expect(invalid).toEqual([
      { line: 2, reason: expect.stringMatching(/^ops\/2024-01-02\.json: not valid JSON: /) as unknown },
    ]);
  });

  it('refuses a zip without day files, and bytes that are not a zip', async () => {
    await expect(parseSlack(zipSync({ 'readme.txt': strToU8('hello') }))).rejects.toThrow(
      'Not a Slack export: no <channel>/<YYYY-MM-DD>.json files in the archive',
    );
    await expect(parseSlack(strToU8('PK but not really a zip at all'))).rejects.toMatchObject({
      code: 'invalid-file',
      message: expect.stringMatching(/^Not a readable zip archive/) as unknown,
    });
  });
});

describe('zip-bomb-like exports', () => {
  it('refuses an entry that inflates far beyond its packed size, before inflating it', async () => {
    const zip = zipSync({
      'users.json': json(USERS),
      'ops/2024-01-01.json': [strToU8(`[${' '.repeat(8 << 20)}]`), { level: 9 }],
    });
    expect(zip.byteLength).toBeLessThan(100_000);
    await expect(parseSlack(zip)).rejects.toMatchObject({
      name: 'ImportError',
      code: 'zip-bomb',
      message: expect.stringMatching(
        /^ops\/2024-01-01\.json would unpack to \d+× its packed size \(8 MiB\); more than 100× looks like a zip bomb$/,
      ) as unknown,
    });
  });

  it('refuses a central directory declaring more than 512 MiB in all', async () => {
    const zip = zipSync({ 'users.json': json(USERS), 'ops/2024-01-01.json': json([]) });
    // Declare 3.75 GiB as the uncompressed size (offset 24) of the first central directory entry,
    // found through the end-of-central-directory record (22 bytes, no comment; offset at 16).
    const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
    const end = zip.byteLength - 22;
    expect(view.getUint32(end, true)).toBe(0x06054b50);
    const header = view.getUint32(end + 16, true);
    expect(view.getUint32(header, true)).toBe(0x02014b50);
    view.setUint32(header + 24, 0xf000_0000, true);
    await expect(parseSlack(zip)).rejects.toMatchObject({
      code: 'zip-bomb',
      message: 'The archive would unpack to more than 512 MiB, the most one import takes',
    });
  });

  it('refuses more entries than the limit', async () => {
    const files: Zippable = { 'users.json': json(USERS) };
    for (let day = 1; day <= 12; day += 1) files[`ops/2024-01-${String(day).padStart(2, '0')}.json`] = json([]);
    await expect(parseSlack(zipSync(files), { maxEntries: 10 })).rejects.toMatchObject({
      code: 'zip-bomb',
      message: 'The archive has more than 10 entries, the most one import takes',
    });
    const { summary } = await parseSlack(zipSync(files), { maxEntries: 13 });
    expect(summary.validCount).toBe(0);
  });

  it("refuses 100 identical 1 MiB day files by the archive's total ratio, though each alone is under the floor", async () => {
    const day = json([{ type: 'message', user: 'U1', text: 'x'.repeat((1 << 20) - 100), ts: '1704067200.000100' }]);
    const zip = zipSync({ 'users.json': json(USERS), ...repeatedDayFiles(day, 100) });
    expect(zip.byteLength).toBeLessThan(1 << 20);
    await expect(parseSlack(zip)).rejects.toMatchObject({
      code: 'zip-bomb',
      message: expect.stringMatching(
        /^The archive would unpack to \d+× its size \(100 MiB from \d+ KiB, 101 entries\); more than 100× looks like a zip bomb$/,
      ) as unknown,
    });
  });

  it('names the server setting that raises a limit', async () => {
    const zip = zipSync({
      'users.json': json(USERS),
      'ops/2024-01-01.json': json([{ type: 'message', user: 'U1', text: 'hi', ts: '1704067200.000100' }]),
    });
    const limits = { maxTotalBytes: 100, settingNames: { maxTotalBytes: 'IMPORT_MAX_INFLATED_BYTES' } };
    await expect(parseSlack(zip, limits)).rejects.toThrow(
      'The archive would unpack to more than 0 KiB, the most one import takes (IMPORT_MAX_INFLATED_BYTES)',
    );
  });
});

describe('one day file at a time', () => {
  it('hands out a day before it inflates the next: a later day changed meanwhile is read as it is then', () => {
    const zip = zipSync({
      'users.json': json(USERS),
      'ops/2024-01-01.json': json([{ type: 'message', user: 'U1', text: 'first day', ts: '1704067200.000100' }]),
      'ops/2024-01-02.json': [
        json([{ type: 'message', user: 'U1', text: 'second day', ts: '1704153600.000100' }]),
        { level: 0 },
      ],
    });
    const report = { columns: [], delimiter: undefined, notes: [] };
    const days = parseSlackExport(zip, DEFAULT_ZIP_LIMITS, report);
    const first = days.next();
    expect(first.done === true ? [] : first.value.records.map((record) => record.message)).toEqual(['first day']);
    // The second day is stored (level 0), so its text sits in the archive as is: change it now.
    const at = Buffer.from(zip).indexOf('second day');
    zip.set(strToU8('later day!'), at);
    const second = days.next();
    expect(second.done === true ? [] : second.value.records.map((record) => record.message)).toEqual(['later day!']);
    expect(days.next().done).toBe(true);
  });

  it('reports a day file whose packed bytes are broken as an invalid row and reads the other days', async () => {
    const zip = zipSync({
      'users.json': json(USERS),
      'ops/2024-01-01.json': json([{ type: 'message', user: 'U1', text: 'kept', ts: '1704067200.000100' }]),
      'ops/2024-01-02.json': [
        json(
          Array.from({ length: 50 }, (_, index) => ({
            type: 'message',
            user: 'U1',
            text: `lost ${index}`,
            ts: '1704153600.000100',
          })),
        ),
        { level: 9 },
      ],
    });
    const directory = zipDirectory(zip).find((entry) => entry.name === 'ops/2024-01-02.json')!;
    const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
    const start =
      directory.localOffset +
      30 +
      view.getUint16(directory.localOffset + 26, true) +
      view.getUint16(directory.localOffset + 28, true);
    zip.fill(0xff, start, start + 8);
    const { records, invalid } = await parseSlack(zip);
    expect(records.map((record) => record.message)).toEqual(['kept']);
    expect(invalid).toEqual([
      { line: 2, reason: expect.stringMatching(/^ops\/2024-01-02\.json: cannot be unpacked: /) as unknown },
    ]);
  });
});
