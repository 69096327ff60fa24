/*
 * The search GIN covers only events with search data (migration 017): a large import's rows have none
 * until they are prepared. Every search must still go through it, never through every event: checked
 * on the plan of the search itself, beside an incident whose events are half prepared.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/database.ts';
import type { AnalystRow } from '../../server/repositories/analysts-repository.ts';
import { insertIncident } from '../../server/repositories/incidents-repository.ts';
import { searchEvents } from '../../server/repositories/search-repository.ts';
import { useOrganizationDatabase } from '../support/organization-database.ts';
import { DATABASE_KINDS } from '../support/test-database.ts';

const ROWS = 40_000;
const ADMIN: AnalystRow = { id: 1, name: 'Admin', email: '', permission: 'admin', user_id: null };

describe.each(DATABASE_KINDS)('searching beside events without search data on %s', (kind) => {
  const store = useOrganizationDatabase(kind, 'Plans');
  let db: Db;
  let incidentId: number;

  beforeAll(async () => {
    db = store.db;
    incidentId = await insertIncident(db, {
      organizationId: store.organizationID,
      name: 'Half prepared',
      description: '',
      analystId: null,
    });
    const [stream] = await db.query<{ id: number }>(
      "INSERT INTO streams (incident_id, name, created_micros) VALUES ($1, 'proxy.tsv', 0) RETURNING id",
      [incidentId],
    );
    // Every 500th line names a rare word; only the first half of the events has its search data yet.
    await db.query(
      `INSERT INTO events (incident_id, stream_id, message, start_micros, end_micros, created_micros, search_vector, change_seq)
       SELECT $1, $2, msg, n * 1000, n * 1000, 0, CASE WHEN n <= $3 / 2 THEN to_tsvector('english', msg) END, incident_change_number($1)
         FROM (SELECT n, CASE WHEN n % 500 = 0 THEN 'upstream quokka timeout ' || n ELSE 'request ' || n || ' served' END AS msg
                 FROM generate_series(1, $3) AS n) g`,
      [incidentId, stream!.id, ROWS],
    );
    await db.query('ANALYZE events');
  }, 120_000);

  const search = (q: string, on: Db | Parameters<typeof searchEvents>[0] = db) =>
    searchEvents(on, ADMIN, { q, incidentId, limit: 20, offset: 0 });

  it('plans the search through the search index', async () => {
    const plans: string[] = [];
    await search('quokka', {
      exec: (script) => db.exec(script),
      async query<T>(text: string, params?: readonly unknown[]) {
        const rows = await db.query<Record<string, string>>(`EXPLAIN ${text}`, params);
        plans.push(rows.map((row) => Object.values(row)[0]).join('\n'));
        return [] as T[];
      },
    });
    expect(plans.join('\n')).toMatch(/Bitmap Index Scan on events_search_idx/);
    expect(plans.join('\n')).not.toMatch(/Seq Scan on events/);
  });

  it('finds exactly the prepared events that match', async () => {
    const { total, results } = await search('quokka');
    expect(total).toBe(ROWS / 2 / 500);
    expect(results.every((result) => result.event.message.startsWith('upstream quokka timeout'))).toBe(true);
  });
});
