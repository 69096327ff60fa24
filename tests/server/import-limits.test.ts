/*
 * Bounded imports through POST /api/incident/{id}/import: a file over the record cap or a zip that
 * unpacks too far is refused with the cap named, a file with no valid row names its first invalid
 * line, settings problems read as the preview names them; a refusal leaves no stream or event.
 */
import { strToU8, zipSync, type Zippable } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { createIncident, createOrganization } from '../support/incident-fixtures.ts';
import { DATABASE_KINDS } from '../support/test-database.ts';
import { useAnalystServer } from '../support/analyst-server.ts';
import { countRows } from '../support/test-server.ts';
import { fileForm } from '../support/multipart.ts';
import { repeatedDayFiles } from '../support/slack-day-files.ts';

const tsv = (rows: number) => {
  const lines = ['time\tactor\tmessage'];
  for (let row = 0; row < rows; row += 1)
    lines.push(
      `2026-01-05T08:${String(Math.floor(row / 60) % 60).padStart(2, '0')}:${String(row % 60).padStart(2, '0')}Z\tproxy\trow ${row}`,
    );
  return strToU8(`${lines.join('\n')}\n`);
};
const json = (value: unknown) => strToU8(JSON.stringify(value));

describe.each(DATABASE_KINDS)('import limits on %s', (kind) => {
  const suite = useAnalystServer(
    kind,
    { writer: 'write' },
    { IMPORT_MAX_RECORDS: '12000', IMPORT_MAX_INFLATED_BYTES: String(4 << 20) },
  );
  let organizationID: number;

  beforeAll(async () => {
    organizationID = await createOrganization(suite.writer, 'Limits');
  });

  const importInto = async (name: string, bytes: Uint8Array, fileName: string, fields: Record<string, string> = {}) => {
    const incidentID = await createIncident(suite.writer, organizationID, name);
    const streams = await countRows(suite.server.db, 'streams');
    const events = await countRows(suite.server.db, 'events');
    const response = await suite.writer.request({
      method: 'POST',
      url: `/api/incident/${incidentID}/import`,
      payload: fileForm(bytes, fileName, fields),
    });
    return {
      response,
      leftStreams: (await countRows(suite.server.db, 'streams')) - streams,
      leftEvents: (await countRows(suite.server.db, 'events')) - events,
    };
  };

  it('refuses a file over IMPORT_MAX_RECORDS, naming the cap, and keeps nothing of it', async () => {
    const { response, leftStreams, leftEvents } = await importInto('Too many rows', tsv(12_001), 'proxy.tsv');
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toMatchObject({
      field: 'file',
      message: 'file has more than 12,000 records, the most one import takes (IMPORT_MAX_RECORDS)',
    });
    expect([leftStreams, leftEvents]).toEqual([0, 0]);
    const under = await importInto('Just enough', tsv(12_000), 'proxy.tsv');
    expect(under.response.statusCode, under.response.body).toBe(201);
    expect(under.response.json().import.importedCount).toBe(12_000);
  });

  it('refuses a Slack zip of many identical small day files by the archive total ratio', async () => {
    const day = json(
      Array.from({ length: 400 }, (_, index) => ({
        type: 'message',
        user: 'U1',
        text: `same words ${index % 2} `.repeat(8),
        ts: '1704067200.000100',
      })),
    );
    const zip = zipSync({
      'users.json': json([{ id: 'U1', name: 'ana' }]),
      'channels.json': json([{ id: 'C1', name: 'ops' }]),
      ...repeatedDayFiles(day, 50),
    });
    expect(day.byteLength).toBeLessThan(1 << 20);
    const { response, leftStreams, leftEvents } = await importInto('Slack bomb', zip, 'export.zip');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(
      /^file: The archive would unpack to \d+× its size \(.*, 52 entries\); more than 100× looks like a zip bomb$/,
    );
    expect([leftStreams, leftEvents]).toEqual([0, 0]);
  });

  it('refuses a Slack zip unpacking past IMPORT_MAX_INFLATED_BYTES, naming the setting', async () => {
    // Random-ish text packs badly, so only the total size is over (5 files of 1 MiB against 4 MiB).
    const noise = (seed: number) =>
      Array.from({ length: 2000 }, (_, index) => ({
        type: 'message',
        user: 'U1',
        text: Array.from({ length: 40 }, (_, word) => ((index * 7919 + word * 104_729 + seed) ** 3).toString(36)).join(
          ' ',
        ),
        ts: '1704067200.000100',
      }));
    const files: Zippable = { 'users.json': json([{ id: 'U1', name: 'ana' }]) };
    for (let index = 1; index <= 5; index += 1) files[`ops/2024-01-0${index}.json`] = json(noise(index));
    const { response, leftStreams } = await importInto('Slack too big', zipSync(files), 'export.zip');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(
      'file: The archive would unpack to more than 4 MiB, the most one import takes (IMPORT_MAX_INFLATED_BYTES)',
    );
    expect(leftStreams).toBe(0);
  });

  it('refuses a file with no valid row by its first invalid line and reason', async () => {
    const settings = JSON.stringify({ format: 'delimited', delimiter: '\t', mapping: { startTime: 0, message: 1 } });
    const { response } = await importInto(
      'No valid rows',
      strToU8('time\tmessage\nyesterday\toops\nlater\tagain\n'),
      'bad.tsv',
      { settings },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(
      /^file has no valid rows \(2 invalid; the first, line 2: .*yesterday/,
    );
  });

  it('words a settings problem as the preview names the setting', async () => {
    const settings = JSON.stringify({ format: 'delimited', delimiter: '\t', mapping: { startTime: -1 } });
    const { response } = await importInto('Bad settings', tsv(3), 'proxy.tsv', { settings });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      field: 'settings',
      message: 'the start time column (mapping) must be a column number of 0 or more',
    });
  });
});
