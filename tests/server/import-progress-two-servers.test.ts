/*
 * Two servers on one PostgreSQL (issue 20 item 4): an import runs on one, and the other answers every
 * progress poll for it, from the first batch to "done", since progress lives in the database, not in
 * the importing process's memory.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIncident, createOrganization } from '../support/incident-fixtures.ts';
import { fileForm } from '../support/multipart.ts';
import { proxyLogTsv } from '../support/proxy-log-tsv.ts';
import { ensureServerBuilt, startServerProcess, type ServerProcess } from '../support/server-process.ts';
import { giveAnalyst, signIn, startTestServer, type Session, type TestServer } from '../support/test-server.ts';

// vitest.config.ts leaves this file out when TEST_DATABASE_URL is not set.
const postgres = process.env.TEST_DATABASE_URL ? ['postgres' as const] : [];

interface ProgressView {
  phase: string;
  bytesRead: number;
  totalBytes: number;
  validCount: number;
  invalidCount: number;
}

describe.each(postgres)('import progress behind two servers on one %s', (kind) => {
  let importing: TestServer;
  let other: ServerProcess;
  let base: string;
  let writer: Session;

  beforeAll(async () => {
    ensureServerBuilt();
    importing = await startTestServer(kind);
    base = await importing.app.listen({ port: 0, host: '127.0.0.1' });
    writer = await signIn(importing);
    await giveAnalyst(importing, writer, 'write');
    other = await startServerProcess({
      DATABASE_URL: importing.url!,
      CHURCHKEY_ADMIN_PASSWORD: 'two-servers-progress',
    });
  }, 180_000);

  afterAll(async () => {
    await other?.stop();
    await importing?.close();
  });

  it('the server that is not importing answers every poll, part-way and at the end', async () => {
    const incidentID = await createIncident(writer, await createOrganization(writer, 'Two servers'), 'Imported on one');
    const bytes = proxyLogTsv(40_000);
    const token = randomBytes(18).toString('base64url');
    let finished = false;
    const done = fetch(`${base}/api/incident/${incidentID}/import`, {
      method: 'POST',
      headers: { cookie: writer.cookie, 'x-churchkey-analyst': String(writer.userID) },
      body: fileForm(bytes, 'proxy.tsv', { progressToken: token }),
    }).finally(() => {
      finished = true;
    });
    const statuses: number[] = [];
    const seen: ProgressView[] = [];
    while (!finished) {
      const answer = await fetch(`${other.url}/api/import/progress/${token}`);
      statuses.push(answer.status);
      if (answer.status === 200) seen.push(((await answer.json()) as { progress: ProgressView }).progress);
      // A poll every 20 ms, as the page does (slower): fewer requests, no timing assumption.
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const response = await done;
    expect(response.status, await response.clone().text()).toBe(201);
    expect(((await response.json()) as { import: { importedCount: number } }).import.importedCount).toBe(40_000);
    // Once the import had begun, the other server never said it did not know the token.
    const firstKnown = statuses.indexOf(200);
    expect(firstKnown).toBeGreaterThanOrEqual(0);
    expect(statuses.slice(firstKnown).every((status) => status === 200)).toBe(true);
    // Part-way: rows counted while the import still ran, parsing ("importing") or writing them ("finishing").
    // The parse runs ahead of the writes (all 40,000 rows can be counted between two polls on a quick machine),
    // so the count seen need not be below the total, nor seen while still parsing.
    const views = seen.map((view) => `${view.phase} ${view.validCount}`).join(', ');
    expect(
      seen.some((view) => view.phase !== 'done' && view.validCount > 0),
      views,
    ).toBe(true);
    const last = await fetch(`${other.url}/api/import/progress/${token}`);
    expect(last.status).toBe(200);
    expect(((await last.json()) as { progress: ProgressView }).progress).toEqual({
      phase: 'done',
      bytesRead: bytes.length,
      totalBytes: bytes.length,
      validCount: 40_000,
      invalidCount: 0,
    });
  }, 300_000);
});
