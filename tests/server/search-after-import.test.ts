/*
 * A large import is shown before its search data is ready (migration 015): past its first rows the
 * vectors are prepared afterwards. Searches meanwhile answer with how far preparation has come, edits
 * are searchable at once, and a preparation cut short is taken up again when a server starts.
 */
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { SearchPreparer } from '../../server/import/search-preparer.ts';
import { prepareSearchBatch } from '../../server/repositories/search-backlog-repository.ts';
import { useAnalystServer } from '../support/analyst-server.ts';
import { createIncident, createOrganization } from '../support/incident-fixtures.ts';
import { fileForm } from '../support/multipart.ts';
import { proxyLogTsv } from '../support/proxy-log-tsv.ts';
import { DATABASE_KINDS } from '../support/test-database.ts';
import { TEST_VERSION } from '../support/test-server.ts';

const ROWS = 1_000;
const INLINE_ROWS = 100;

interface Answer {
  total: number;
  results: Array<{ event: { id: number; message: string } }>;
  preparing?: { eventCount: number; preparedCount: number; streamNames: string[] };
}

describe.each(DATABASE_KINDS)('search after a large import on %s', (kind) => {
  // Nothing prepares in the background here: each test drives the preparation itself.
  const suite = useAnalystServer(
    kind,
    { writer: 'write' },
    { SEARCH_PREPARATION: 'paused', SEARCH_INLINE_ROWS: String(INLINE_ROWS) },
  );

  const search = async (query: string): Promise<Answer> => {
    const response = await suite.writer.request({ url: `/api/events/search?${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Answer;
  };
  const importLog = async (log: string) => {
    const organizationID = await createOrganization(suite.writer, `Search after ${log}`);
    const incidentID = await createIncident(suite.writer, organizationID, `${log} outage`);
    const response = await suite.writer.request({
      method: 'POST',
      url: `/api/incident/${incidentID}/import`,
      payload: fileForm(proxyLogTsv(ROWS, { log }), `${log}.tsv`),
    });
    expect(response.statusCode, response.body).toBe(201);
    return incidentID;
  };

  it('answers with progress while the search data is prepared, keeps edits searchable, then finds every event', async () => {
    const incidentID = await importLog('quokka');
    const during = await search(`q=quokka&incidentID=${incidentID}&limit=500`);
    expect(during.total).toBe(INLINE_ROWS);
    expect(during.preparing).toEqual({ eventCount: ROWS, preparedCount: 0, streamNames: ['quokka.tsv'] });
    // No match yet is not a final "nothing found": the answer still says preparation is under way.
    const none = await search(`q=platypus&incidentID=${incidentID}`);
    expect(none.total).toBe(0);
    expect(none.preparing?.eventCount).toBe(ROWS);
    // Another incident's search says nothing of this one's preparation.
    const elsewhere = await createIncident(suite.writer, await createOrganization(suite.writer, 'Quiet'), 'Quiet');
    expect((await search(`q=quokka&incidentID=${elsewhere}`)).preparing).toBeUndefined();

    // An event past the first rows, edited before its search data was prepared: searchable at once.
    const events = await suite.writer.request({ url: `/api/incident/${incidentID}/events?limit=1000` });
    const late = (events.json() as { events: Array<{ id: number; message: string }> }).events.find(
      (event) => event.message === 'line 900 of the quokka log',
    )!;
    const edited = await suite.writer.request({
      method: 'PUT',
      url: `/api/event/${late.id}`,
      payload: { message: 'line 900 mentions a wombat' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await search(`q=wombat&incidentID=${incidentID}`)).results.map((result) => result.event.id)).toEqual([
      late.id,
    ]);

    await new SearchPreparer(suite.server.db).drain();
    const after = await search(`q=quokka&incidentID=${incidentID}&limit=500`);
    expect(after.preparing).toBeUndefined();
    expect(after.total).toBe(ROWS - 1);
    expect((await search(`q=wombat&incidentID=${incidentID}`)).total).toBe(1);
  });

  it('a preparation cut short is taken up again when a server starts on the same database', async () => {
    const incidentID = await importLog('kiwi');
    // One batch prepared, then the process "stops": only the committed batch and the backlog remain.
    await suite.server.db.transaction((tx) => prepareSearchBatch(tx, 300));
    const cut = await search(`q=kiwi&incidentID=${incidentID}`);
    expect(cut.preparing).toMatchObject({ eventCount: ROWS, preparedCount: 300 });
    expect(cut.total).toBe(300);

    const config = loadConfig({ DATA_DIR: suite.server.config.dataDir, SEARCH_PREPARATION: 'background' });
    const restarted = await buildApp(
      { db: suite.server.db, config, version: TEST_VERSION },
      { appDir: '/nonexistent' },
    );
    try {
      await restarted.ready();
      await expect
        .poll(async () => (await search(`q=kiwi&incidentID=${incidentID}`)).preparing, {
          timeout: 60_000,
          interval: 50,
        })
        .toBeUndefined();
    } finally {
      await restarted.close();
    }
    expect((await search(`q=kiwi&incidentID=${incidentID}&limit=500`)).total).toBe(ROWS);
    const [missing] = await suite.server.db.query<{ n: number | string }>(
      'SELECT count(*) AS n FROM events WHERE incident_id = $1 AND search_vector IS NULL',
      [incidentID],
    );
    expect(Number(missing!.n)).toBe(0);
  });
});
