/*
 * POST /api/incident/{id}/import with syslog and access-log files: detected with no settings (the
 * form's timeZone standing for the host's), or with the settings the preview confirmed.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '../support/fixtures-dir.ts';
import { createIncident, createOrganization } from '../support/incident-fixtures.ts';
import { fileForm } from '../support/multipart.ts';
import { DATABASE_KINDS } from '../support/test-database.ts';
import { useAnalystServer } from '../support/analyst-server.ts';

const fixture = (path: string) => readFileSync(join(FIXTURES_DIR, 'field', path));

describe.each(DATABASE_KINDS)('log family imports on %s', (kind) => {
  const suite = useAnalystServer(kind, { writer: 'write' });
  let organizationID: number;
  const importFile = (incidentID: number, body: FormData) =>
    suite.writer.request({ method: 'POST', url: `/api/incident/${incidentID}/import`, payload: body });
  const incident = async (id: number) => {
    const response = await suite.writer.request({ url: `/api/incident/${id}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().incident as { actors: { name: string }[]; firstTimestamp: number | null };
  };

  beforeAll(async () => {
    organizationID = await createOrganization(suite.writer, 'Logs');
  });

  it('HAProxy through syslog, detected: 17 events, clients as actors, the accept dates in the form zone', async () => {
    const incidentID = await createIncident(suite.writer, organizationID, 'HAProxy');
    const response = await importFile(
      incidentID,
      fileForm(fixture('weblogs/haproxy_via_syslog.log'), 'haproxy.log', { timeZone: 'Europe/Berlin' }),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().import).toMatchObject({ format: 'access-log', importedCount: 17, invalidCount: 0 });
    const view = await incident(incidentID);
    expect(view.actors.map((actor) => actor.name)).toEqual(
      expect.arrayContaining(['141.35.244.171', '192.168.4.2 haproxy', '95.216.197.33']),
    );
    // Line 1, Feb 25 16:19:38 in Berlin (UTC+1), the year from the accept dates.
    expect(new Date(view.firstTimestamp! / 1000).toISOString()).toBe('2019-02-25T15:19:38.000Z');
  });

  it('a rotated log as logrotate leaves it (haproxy.log.1.gz): unpacked as it streams, the same 17 events', async () => {
    const incidentID = await createIncident(suite.writer, organizationID, 'HAProxy gzipped');
    const gzipped = gzipSync(fixture('weblogs/haproxy_via_syslog.log'));
    const response = await importFile(incidentID, fileForm(gzipped, 'haproxy.log.1.gz', { timeZone: 'Europe/Berlin' }));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().import).toMatchObject({ format: 'access-log', importedCount: 17, invalidCount: 0 });
    expect(new Date((await incident(incidentID)).firstTimestamp! / 1000).toISOString()).toBe(
      '2019-02-25T15:19:38.000Z',
    );
  });

  it('a gzip file cut off mid-way is refused with the reason, and stores nothing', async () => {
    const incidentID = await createIncident(suite.writer, organizationID, 'HAProxy cut off');
    const gzipped = gzipSync(fixture('weblogs/haproxy_via_syslog.log'));
    const response = await importFile(
      incidentID,
      fileForm(gzipped.subarray(0, gzipped.length - 30), 'haproxy.log.1.gz', { timeZone: 'UTC' }),
    );
    expect(response.statusCode, response.body).toBe(400);
    expect(response.body).toMatch(/gzip file is damaged or cut off/);
    expect((await incident(incidentID)).firstTimestamp).toBeNull();
  });

  it('apt history with the settings the preview confirmed', async () => {
    const incidentID = await createIncident(suite.writer, organizationID, 'apt');
    const settings = JSON.stringify({ format: 'syslog', timeZone: 'UTC', layout: 'apt-history' });
    const response = await importFile(
      incidentID,
      fileForm(fixture('syslog/apt_history.log'), 'history.log', { settings }),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().import).toMatchObject({ format: 'syslog', importedCount: 10, invalidCount: 0 });
    const view = await incident(incidentID);
    expect(view.actors.map((actor) => actor.name).sort()).toEqual(['apt', 'jxs']);
    expect(new Date(view.firstTimestamp! / 1000).toISOString()).toBe('2019-07-10T16:38:08.000Z');
  });
});
