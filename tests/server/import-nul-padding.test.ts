/*
 * A text log with NUL bytes is still a text log: a syslog file the system padded with NULs where a
 * crash cut it, and a stray NUL inside a message, import their lines (NULs dropped; PostgreSQL text
 * holds none) instead of being refused whole as "a binary file".
 */
import { describe, expect, it } from 'vitest';
import { useAnalystServer } from '../support/analyst-server.ts';
import { createIncident, createOrganization } from '../support/incident-fixtures.ts';
import { fileForm } from '../support/multipart.ts';
import { DATABASE_KINDS } from '../support/test-database.ts';

const LOG = Buffer.concat([
  Buffer.from('2024-03-05T10:11:12+00:00 web-1 sshd[812]: Accepted publickey for deploy\n'),
  Buffer.from('2024-03-05T10:11:13+00:00 web-1 app[901]: cache\u0000 warmed\n'),
  // What a power loss leaves: the file's last blocks allocated but never written.
  Buffer.alloc(4096),
  Buffer.from('2024-03-05T10:15:40+00:00 web-1 kernel: Linux version 6.1.0-18-amd64\n'),
]);

describe.each(DATABASE_KINDS)('a log with NUL bytes on %s', (kind) => {
  const suite = useAnalystServer(kind, { writer: 'write' });

  it('imports its lines, the NULs dropped, rather than refusing it as binary', async () => {
    const organizationID = await createOrganization(suite.writer, 'Power loss');
    const incidentID = await createIncident(suite.writer, organizationID, 'web-1 rebooted');
    const response = await suite.writer.request({
      method: 'POST',
      url: `/api/incident/${incidentID}/import`,
      payload: fileForm(LOG, 'syslog'),
    });
    expect(response.statusCode, response.body).toBe(201);
    const streamID = response.json().import.streams[0].id as number;
    const events = await suite.server.db.query<{ message: string }>(
      'SELECT message FROM events WHERE stream_id = $1 ORDER BY start_micros, id',
      [streamID],
    );
    expect(events.map((event) => event.message)).toEqual([
      'Accepted publickey for deploy',
      'cache warmed',
      'Linux version 6.1.0-18-amd64',
    ]);
  });
});
