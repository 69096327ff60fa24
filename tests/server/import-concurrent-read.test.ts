/*
 * An import never stalls other users: over a real socket, while one analyst's large import runs,
 * another analyst reads another incident and is answered before the import is (on PGlite the import
 * stages its rows in short transactions; on PostgreSQL the read has a connection of its own).
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createIncident, createOrganization } from '../support/incident-fixtures.ts';
import { DATABASE_KINDS } from '../support/test-database.ts';
import { useAnalystServer } from '../support/analyst-server.ts';
import type { Session } from '../support/test-server.ts';
import { fileForm } from '../support/multipart.ts';
import { proxyLogTsv } from '../support/proxy-log-tsv.ts';

describe.each(DATABASE_KINDS)('a read during an import on %s', (kind) => {
  const suite = useAnalystServer(kind, { importer: 'write', reader: 'write' });
  let base: string;
  let organizationID: number;

  beforeAll(async () => {
    base = await suite.server.app.listen({ port: 0, host: '127.0.0.1' });
    organizationID = await createOrganization(suite.importer, 'Busy');
  });

  const headers = (session: Session) => ({ cookie: session.cookie, 'x-churchkey-analyst': String(session.userID) });

  it('answers GET /api/incident/{id} of another incident before a 60,000-row import finishes', async () => {
    const target = await createIncident(suite.importer, organizationID, 'Being imported');
    const other = await createIncident(
      suite.reader,
      await createOrganization(suite.reader, 'Elsewhere'),
      'Read meanwhile',
    );
    const token = randomBytes(18).toString('base64url');
    const order: string[] = [];
    const importing = fetch(`${base}/api/incident/${target}/import`, {
      method: 'POST',
      headers: headers(suite.importer),
      body: fileForm(proxyLogTsv(60_000), 'proxy.tsv', { progressToken: token }),
    }).then(async (response) => {
      order.push('import');
      return { status: response.status, body: (await response.json()) as { import: { importedCount: number } } };
    });
    // Wait until the server is inside the import: rows parsed and counted, the answer not yet sent.
    for (;;) {
      const progress = await fetch(`${base}/api/import/progress/${token}`);
      if (
        progress.status === 200 &&
        ((await progress.json()) as { progress: { validCount: number } }).progress.validCount > 0
      )
        break;
      if (order.includes('import')) throw new Error('the import ended before it was seen running');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const read = await fetch(`${base}/api/incident/${other}`, { headers: headers(suite.reader) });
    order.push('read');
    expect(read.status).toBe(200);
    expect(((await read.json()) as { incident: { name: string } }).incident.name).toBe('Read meanwhile');
    const imported = await importing;
    expect(imported.status).toBe(201);
    expect(imported.body.import.importedCount).toBe(60_000);
    expect(order).toEqual(['read', 'import']);
  }, 180_000);
});
