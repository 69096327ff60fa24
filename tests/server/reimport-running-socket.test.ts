/*
 * One re-import of a stream at a time (issue 17): over a real socket, a second re-import of a stream
 * sent while the first runs is refused at once with 409 and a sentence saying what to do, nothing of its
 * file is stored, the first goes on to its end, and once it has, the same file re-imports normally.
 */
import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { REIMPORT_RUNNING_REFUSAL } from '../../server/import/reimport-running.ts';
import { useSocketAnalystServer } from '../support/analyst-server.ts';
import { createIncident, createOrganization } from '../support/incident-fixtures.ts';
import { fileForm } from '../support/multipart.ts';
import { wordedTsv } from '../support/proxy-log-tsv.ts';
import { DATABASE_KINDS } from '../support/test-database.ts';
import { countRows } from '../support/test-server.ts';

interface ErrorAnswer {
  error: { code: string; message: string; field: string | null };
}

describe.each(DATABASE_KINDS)('two re-imports of one stream on %s', (kind) => {
  const suite = useSocketAnalystServer(kind, { writer: 'write' });
  const post = (path: string, body: FormData) => suite.fetchAs(suite.writer, path, { method: 'POST', body });
  const messagesStartingWith = (streamID: number, word: string) =>
    countRows(suite.server.db, `events WHERE stream_id = ${streamID} AND message LIKE '${word} %'`);

  it('refuses the second while the first runs, stores nothing of it, and takes it once the first is done', async () => {
    const organizationID = await createOrganization(suite.writer, 'Crew logs');
    const incidentID = await createIncident(suite.writer, organizationID, 'Night shift');
    const first = await post(`/api/incident/${incidentID}/import`, fileForm(wordedTsv(2_000, 'alpha'), 'crew.tsv'));
    expect(first.status, await first.clone().text()).toBe(201);
    const streamID = ((await first.json()) as { import: { streams: { id: number }[] } }).import.streams[0]!.id;

    const token = randomBytes(18).toString('base64url');
    const order: string[] = [];
    const running = post(
      `/api/stream/${streamID}/import`,
      fileForm(wordedTsv(40_000, 'bravo'), 'crew.tsv', { progressToken: token }),
    ).then(async (response) => {
      order.push(`first ${response.status}`);
      return response.text();
    });
    // Wait until the first is inside its re-import: rows read and being written, its answer not yet sent.
    for (;;) {
      const progress = await fetch(`${suite.base}/api/import/progress/${token}`);
      if (
        progress.status === 200 &&
        ((await progress.json()) as { progress: { validCount: number } }).progress.validCount > 0
      )
        break;
      if (order.length > 0) throw new Error('the first re-import ended before it was seen running');
    }

    const secondFile = wordedTsv(10, 'charlie');
    const second = await post(`/api/stream/${streamID}/import`, fileForm(secondFile, 'crew.tsv'));
    order.push(`second ${second.status}`);
    expect(second.status).toBe(409);
    expect(((await second.json()) as ErrorAnswer).error).toEqual({
      code: 'conflict',
      message: REIMPORT_RUNNING_REFUSAL,
      field: 'streamID',
    });
    expect(REIMPORT_RUNNING_REFUSAL).toMatch(
      /^Another re-import of this stream is still running\. Wait for it to finish/,
    );

    await running;
    expect(order).toEqual(['second 409', 'first 200']);
    const secondSha = createHash('sha256').update(secondFile).digest('hex');
    expect(await countRows(suite.server.db, `blobs WHERE sha256 = '${secondSha}'`)).toBe(0);
    expect(await messagesStartingWith(streamID, 'charlie')).toBe(0);
    expect(await messagesStartingWith(streamID, 'bravo')).toBe(40_000);
    expect(
      await countRows(suite.server.db, `data_audit WHERE action = 'reimport stream' AND item_id = ${streamID}`),
    ).toBe(1);
    expect(await countRows(suite.server.db, "stream_generations WHERE state = 'writing'")).toBe(0);

    // The first done, the same file is taken, against the events the first brought in.
    const again = await post(`/api/stream/${streamID}/import`, fileForm(secondFile, 'crew.tsv'));
    expect(again.status, await again.clone().text()).toBe(200);
    expect(await messagesStartingWith(streamID, 'charlie')).toBe(10);
    expect(await messagesStartingWith(streamID, 'bravo')).toBe(0);
  }, 300_000);
});
