/*
 * An import shows all of its rows or none (issues 17 and 20): over a real socket, a read of the
 * incident being imported into, sent while the import runs, is answered before the import is and
 * sees nothing of it; afterwards everything is there. A refused import and a killed one (swept at
 * start) leave nothing visible and no hidden rows behind.
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { sweepAbandonedImports } from '../../server/import/hidden-import.ts';
import { createIncident, createOrganization } from '../support/incident-fixtures.ts';
import { hiddenImportRows, NOTHING_HIDDEN, writeHiddenBatch } from '../support/hidden-import-batch.ts';
import { DATABASE_KINDS } from '../support/test-database.ts';
import { useAnalystServer } from '../support/analyst-server.ts';
import { countRows } from '../support/test-server.ts';
import { fileForm } from '../support/multipart.ts';
import { proxyLogTsv } from '../support/proxy-log-tsv.ts';

interface Payload {
  incident: {
    streams: unknown[];
    actors: unknown[];
    events: unknown[];
    collections: unknown[];
    counts: unknown;
    firstTimestamp: unknown;
    lastTimestamp: unknown;
  };
}
/**
 * What an analyst sees of an incident's evidence (its revision may move meanwhile; its content must
 * not). The file itself is kept as an upload before the import starts, by design: a crash leaves it
 * there to import again; so the upload count is not part of it.
 */
const evidence = ({ incident }: Payload) => ({
  streams: incident.streams,
  actors: incident.actors,
  events: incident.events,
  collections: incident.collections,
  counts: { ...(incident.counts as Record<string, number>), uploads: undefined },
  firstTimestamp: incident.firstTimestamp,
  lastTimestamp: incident.lastTimestamp,
});

describe.each(DATABASE_KINDS)('an import out of sight on %s', (kind) => {
  const suite = useAnalystServer(kind, { writer: 'write' }, { IMPORT_MAX_RECORDS: '50000' });
  let base: string;
  let organizationID: number;
  const headers = () => ({ cookie: suite.writer.cookie, 'x-churchkey-analyst': String(suite.writer.userID) });
  const get = async <T>(path: string): Promise<T> => {
    const response = await fetch(`${base}${path}`, { headers: headers() });
    expect(response.status, path).toBe(200);
    return (await response.json()) as T;
  };
  /** What an import refused or swept must leave as it was: the incident as read, and the rows of events. */
  const visibleState = async (incidentID: number) => ({
    incident: evidence(await get<Payload>(`/api/incident/${incidentID}`)),
    eventRows: await countRows(suite.server.db, 'events'),
  });

  beforeAll(async () => {
    base = await suite.server.app.listen({ port: 0, host: '127.0.0.1' });
    organizationID = await createOrganization(suite.writer, 'Out of sight');
  });

  it('a read of the incident during its import is answered first and sees none of it; then all of it shows', async () => {
    const incidentID = await createIncident(suite.writer, organizationID, 'Being imported');
    const before = evidence(await get<Payload>(`/api/incident/${incidentID}`));
    const token = randomBytes(18).toString('base64url');
    const order: string[] = [];
    const importing = fetch(`${base}/api/incident/${incidentID}/import`, {
      method: 'POST',
      headers: headers(),
      body: fileForm(proxyLogTsv(40_000, { actor: 'analyst', log: 'zanzibar' }), 'zanzibar.tsv', {
        progressToken: token,
      }),
    }).then(async (response) => {
      order.push('import');
      return {
        status: response.status,
        body: (await response.json()) as { import: { importedCount: number; streams: { id: number }[] } },
      };
    });
    // Inside the import: a third batch parsed, so the first is in the database (one batch is in flight at most).
    for (;;) {
      const progress = await fetch(`${base}/api/import/progress/${token}`);
      if (
        progress.status === 200 &&
        ((await progress.json()) as { progress: { validCount: number } }).progress.validCount >= 15_000
      )
        break;
      if (order.includes('import')) throw new Error('the import ended before it was seen running');
      // A poll every 20 ms, as the page does (slower): not a timing assumption, only fewer requests.
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const during = evidence(await get<Payload>(`/api/incident/${incidentID}`));
    const page = await get<{ events: unknown[] }>(`/api/incident/${incidentID}/events?limit=100`);
    const found = await get<{ total: number }>(`/api/events/search?q=zanzibar&incidentID=${incidentID}`);
    order.push('read');
    expect(during).toEqual(before);
    expect(page.events).toEqual([]);
    expect(found.total).toBe(0);

    const imported = await importing;
    expect(imported.status).toBe(201);
    expect(order).toEqual(['read', 'import']);
    const after = await get<{
      incident: { counts: { events: number }; streams: { id: number; eventCount: number }[]; actors: unknown[] };
    }>(`/api/incident/${incidentID}`);
    expect(after.incident.counts.events).toBe(40_000);
    expect(after.incident.streams.find((stream) => stream.id === imported.body.import.streams[0]!.id)?.eventCount).toBe(
      40_000,
    );
    expect(after.incident.actors).toHaveLength(7);
    // Past its first rows a large import's search data is prepared after the flip: the answer says so until it is done.
    const searched = () =>
      get<{ total: number; preparing?: unknown }>(`/api/events/search?q=zanzibar&incidentID=${incidentID}`);
    await expect.poll(async () => (await searched()).preparing, { timeout: 120_000, interval: 50 }).toBeUndefined();
    expect((await searched()).total).toBe(40_000);
    expect(await hiddenImportRows(suite.server.db)).toEqual(NOTHING_HIDDEN);
  }, 300_000);

  it('a file refused part-way (over the record cap, after batches were written) leaves nothing, visible or hidden', async () => {
    const incidentID = await createIncident(suite.writer, organizationID, 'Refused');
    const before = await visibleState(incidentID);
    const actorsBefore = await countRows(suite.server.db, 'incident_actors');
    const response = await fetch(`${base}/api/incident/${incidentID}/import`, {
      method: 'POST',
      headers: headers(),
      body: fileForm(proxyLogTsv(60_000, { actor: 'analyst', log: 'zanzibar' }), 'too-big.tsv'),
    });
    expect(response.status).toBe(413);
    expect(await response.text()).toContain('50,000');
    expect(await visibleState(incidentID)).toEqual(before);
    expect(await countRows(suite.server.db, 'incident_actors')).toBe(actorsBefore);
    expect(await hiddenImportRows(suite.server.db)).toEqual(NOTHING_HIDDEN);
  }, 300_000);

  it("a killed import's hidden rows are swept at start, and the counts stay those of what was visible", async () => {
    const incidentID = await createIncident(suite.writer, organizationID, 'Killed meanwhile');
    const before = await visibleState(incidentID);
    const numbers = async () =>
      (
        await suite.server.db.query<{ change_seq: number; payload_seq: number }>(
          'SELECT change_seq, payload_seq FROM incidents WHERE id = $1',
          [incidentID],
        )
      )[0];
    const numbersBefore = await numbers();
    // What a process killed mid-import leaves: an import begun, a batch of events and a marker under its hidden stream.
    const incident = { id: incidentID, organization_id: organizationID, name: 'Killed meanwhile' };
    await suite.server.db.transaction(async (tx) => {
      await writeHiddenBatch(tx, incident, { fileName: 'killed.tsv', words: 'zanzibar', startedMicros: 1 });
    });
    expect(await countRows(suite.server.db, 'events')).toBe(before.eventRows + 2);
    expect(evidence(await get<Payload>(`/api/incident/${incidentID}`))).toEqual(before.incident);
    // Its stream, actor and events were written out of sight: an open device has nothing to ask for.
    expect(await numbers()).toEqual(numbersBefore);

    expect(await sweepAbandonedImports(suite.server.db, Date.now() * 1000)).toBe(1);
    expect(await visibleState(incidentID)).toEqual(before);
    expect(await hiddenImportRows(suite.server.db)).toEqual(NOTHING_HIDDEN);
    expect(await numbers()).toEqual(numbersBefore);
    // A marker added now is counted once: the sweep took nothing off the visible counts.
    const marked = await fetch(`${base}/api/incident/${incidentID}/marker`, {
      method: 'POST',
      headers: { ...headers(), 'content-type': 'application/json' },
      body: JSON.stringify({ startTimestamp: 30, endTimestamp: 30, message: 'after the sweep' }),
    });
    expect(marked.status, await marked.clone().text()).toBe(201);
    expect(
      (await get<{ incident: { counts: { events: number } } }>(`/api/incident/${incidentID}`)).incident.counts.events,
    ).toBe(1);
  }, 120_000);
});
