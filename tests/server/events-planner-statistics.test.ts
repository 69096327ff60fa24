/*
 * After a large import into one incident, reading another incident must not go through the large
 * one's events: migration 013 keeps the planner from judging that one incident is the whole table.
 * Checked on the plan of the incident summary (what GET /api/incident/{id} runs first).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { incidentSummary, insertIncident } from '../../server/repositories/incidents-repository.ts';
import { DATABASE_KINDS } from '../support/test-database.ts';
import { useOrganizationDatabase } from '../support/organization-database.ts';

const ROWS = 40_000;

describe.each(DATABASE_KINDS)('reading a small incident beside a large one on %s', (kind) => {
  const store = useOrganizationDatabase(kind, 'Planner');
  let small: number;
  let large: number;

  beforeAll(async () => {
    const db = store.db;
    const incident = (name: string) =>
      insertIncident(db, { organizationId: store.organizationID, name, description: '', analystId: null });
    large = await incident('A million events, in small');
    small = await incident('Read beside it');
    const [stream] = await db.query<{ id: number }>(
      "INSERT INTO streams (incident_id, name, created_micros) VALUES ($1, 'proxy.tsv', 0) RETURNING id",
      [large],
    );
    await db.query(
      `INSERT INTO events (incident_id, stream_id, message, start_micros, end_micros, created_micros, change_seq)
       SELECT $1, $2, 'line ' || n, n * 1000, n * 1000, 0, incident_change_number($1) FROM generate_series(1, $3) AS n`,
      [large, stream!.id, ROWS],
    );
    await db.query('ANALYZE events');
  }, 120_000);

  it("the other incident's summary reads its own events by index, not every event of the large one", async () => {
    const plans: string[] = [];
    const explained = await incidentSummary(
      {
        exec: (script) => store.db.exec(script),
        async query<T>(text: string, params?: readonly unknown[]) {
          const rows = await store.db.query<Record<string, string>>(`EXPLAIN ${text}`, params);
          plans.push(rows.map((row) => Object.values(row)[0]).join('\n'));
          return [] as T[];
        },
      },
      small,
    );
    expect(explained).toBeUndefined();
    expect(plans.join('\n')).not.toMatch(/Seq Scan on events/);
    const summary = await incidentSummary(store.db, small);
    expect(summary?.counts.events).toBe(0);
    expect((await incidentSummary(store.db, large))?.counts.events).toBe(ROWS);
  });
});
