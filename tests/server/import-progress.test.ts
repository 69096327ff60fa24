/*
 * GET /api/import/progress/{token}: an import sent with a progressToken can be followed while the
 * server works (bytes parsed, rows), to its end (done or failed); a bad token is refused by name.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '../support/fixtures-dir.ts';
import { createIncident, createOrganization } from '../support/incident-fixtures.ts';
import { DATABASE_KINDS } from '../support/test-database.ts';
import { useAnalystServer } from '../support/analyst-server.ts';
import { countRows } from '../support/test-server.ts';
import { fileForm } from '../support/multipart.ts';
import { proxyLogTsv } from '../support/proxy-log-tsv.ts';

const newToken = () => randomBytes(18).toString('base64url');

describe.each(DATABASE_KINDS)('import progress on %s', (kind) => {
  const suite = useAnalystServer(kind, { writer: 'write' });
  let organizationID: number;

  const progressOf = (token: string) => suite.server.app.inject({ url: `/api/import/progress/${token}` });

  beforeAll(async () => {
    organizationID = await createOrganization(suite.writer, 'Progress');
  });

  // PostgreSQL writes 25,000 rows a batch (PGlite 5,000): enough batches that a poll lands between them.
  const ROWS = kind === 'postgres' ? 100_000 : 30_000;

  it('follows a large import while it runs, then shows it done with every byte read', async () => {
    const incidentID = await createIncident(suite.writer, organizationID, 'Big log');
    const bytes = proxyLogTsv(ROWS);
    const token = newToken();
    expect((await progressOf(token)).statusCode).toBe(404);

    let finished = false;
    const importing = suite.writer
      .request({
        method: 'POST',
        url: `/api/incident/${incidentID}/import`,
        payload: fileForm(bytes, 'proxy.tsv', { progressToken: token }),
      })
      .finally(() => {
        finished = true;
      });
    const seen: { phase: string; bytesRead: number; validCount: number }[] = [];
    while (!finished) {
      const answer = await progressOf(token);
      if (answer.statusCode === 200) seen.push(answer.json().progress);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const response = await importing;
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().import.importedCount).toBe(ROWS);

    // Seen part-way: some bytes read but not all, rows counted, and never going backwards.
    const partWay = seen.filter(
      (sample) => sample.phase === 'importing' && sample.bytesRead > 0 && sample.bytesRead < bytes.length,
    );
    expect(partWay.length).toBeGreaterThan(0);
    // Bytes are reported as they are read, rows as each batch is written: early samples may count none yet.
    expect(partWay.every((sample) => sample.validCount < ROWS)).toBe(true);
    expect(partWay.some((sample) => sample.validCount > 0)).toBe(true);
    const counts = seen.map((sample) => sample.validCount);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    const reads = seen.map((sample) => sample.bytesRead);
    expect(reads).toEqual([...reads].sort((a, b) => a - b));

    const done = await progressOf(token);
    expect(done.statusCode).toBe(200);
    expect(done.json().progress).toEqual({
      phase: 'done',
      bytesRead: bytes.length,
      totalBytes: bytes.length,
      validCount: ROWS,
      invalidCount: 0,
    });
  }, 120_000);

  it('shows a refused import as failed, and the incident keeps nothing of it', async () => {
    const incidentID = await createIncident(suite.writer, organizationID, 'Broken HAR');
    const whole = readFileSync(join(FIXTURES_DIR, 'har', 'firebug_multiple_pages.har'));
    const token = newToken();
    const events = await countRows(suite.server.db, 'events');
    const response = await suite.writer.request({
      method: 'POST',
      url: `/api/incident/${incidentID}/import`,
      // Cut before its first entry: a HAR cut later keeps the entries before the cut.
      payload: fileForm(whole.subarray(0, 2000), 'truncated.har', { progressToken: token }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.field).toBe('file');
    expect((await progressOf(token)).json().progress.phase).toBe('failed');
    expect(await countRows(suite.server.db, 'events')).toBe(events);
  });

  it('refuses a progressToken that is not a random name, by field, before importing anything', async () => {
    const incidentID = await createIncident(suite.writer, organizationID, 'Bad token');
    const streams = await countRows(suite.server.db, 'streams');
    const response = await suite.writer.request({
      method: 'POST',
      url: `/api/incident/${incidentID}/import`,
      payload: fileForm(proxyLogTsv(3), 'small.tsv', { progressToken: 'short' }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'invalid', field: 'progressToken' });
    expect(await countRows(suite.server.db, 'streams')).toBe(streams);

    const badPath = await progressOf('../../etc/passwd');
    expect(badPath.statusCode).toBeGreaterThanOrEqual(400);
    expect(badPath.statusCode).toBeLessThan(500);
    expect((await progressOf('x'.repeat(22).replace(/x/g, '*'))).statusCode).toBe(400);
  });
});
