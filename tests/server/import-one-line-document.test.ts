/*
 * A JSON document written on one line (CloudTrail's files as S3 holds them, any minified export) holds
 * many records on the same line. They import in the file's order, and a re-import of the same file
 * finds each of them again, carrying an annotation to its new event, though the line cannot tell them
 * apart (before, such an import failed with an internal error).
 */
import { describe, expect, it } from 'vitest';
import { useAnalystServer } from '../support/analyst-server.ts';
import { createIncident, createOrganization } from '../support/incident-fixtures.ts';
import { fileForm } from '../support/multipart.ts';
import { DATABASE_KINDS } from '../support/test-database.ts';

const record = (time: string, user: string, eventName: string) => ({
  eventVersion: '1.08',
  userIdentity: { type: 'IAMUser', userName: user },
  eventTime: time,
  eventSource: 'ec2.amazonaws.com',
  eventName,
  awsRegion: 'eu-central-1',
});
// Two records alike in time, user and name: the re-import tells them apart by their order.
const DOCUMENT = Buffer.from(
  JSON.stringify({
    Records: [
      record('2024-03-05T10:11:12Z', 'alice', 'StopInstances'),
      record('2024-03-05T10:11:12Z', 'alice', 'StopInstances'),
      record('2024-03-05T10:12:00Z', 'bob', 'TerminateInstances'),
      record('2024-03-05T10:13:30Z', 'alice', 'DescribeInstances'),
    ],
  }),
);

describe.each(DATABASE_KINDS)('a one-line JSON document on %s', (kind) => {
  const suite = useAnalystServer(kind, { writer: 'write' });

  it('imports every record in file order, and a re-import of the same file carries a tag to its match', async () => {
    const organizationID = await createOrganization(suite.writer, 'Minified');
    const incidentID = await createIncident(suite.writer, organizationID, 'CloudTrail from S3');
    const imported = await suite.writer.request({
      method: 'POST',
      url: `/api/incident/${incidentID}/import`,
      payload: fileForm(DOCUMENT, '123456789012_CloudTrail_eu-central-1_20240305T1015Z_a1b2.json'),
    });
    expect(imported.statusCode, imported.body).toBe(201);
    expect(imported.json().import).toMatchObject({ importedCount: 4, invalidCount: 0 });
    const streamID = imported.json().import.streams[0].id as number;
    const events = () =>
      suite.server.db.query<{ id: number; message: string; start_micros: number }>(
        'SELECT id, message, start_micros FROM events WHERE stream_id = $1 ORDER BY id',
        [streamID],
      );
    const first = await events();
    expect(first.map((event) => event.message)).toEqual([
      'StopInstances',
      'StopInstances',
      'TerminateInstances',
      'DescribeInstances',
    ]);
    const tagged = await suite.writer.request({ method: 'PUT', url: `/api/event/${first[1]!.id}/tag/suspicious` });
    expect(tagged.statusCode, tagged.body).toBeLessThan(300);

    const again = await suite.writer.request({
      method: 'POST',
      url: `/api/stream/${streamID}/import`,
      payload: fileForm(DOCUMENT, 'updated.json'),
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().import).toMatchObject({ outcome: 'safe', importedCount: 4, carriedAnnotationCount: 1 });
    const second = await events();
    expect(second.map((event) => event.message)).toEqual(first.map((event) => event.message));
    const tags = await suite.server.db.query<{ event_id: number }>(
      "SELECT event_id FROM event_tags WHERE name = 'suspicious'",
    );
    expect(tags.map((tag) => tag.event_id)).toEqual([second[1]!.id]);
  });
});
