/*
 * Events have no index by actor (migration 019: it was the dearest b-tree of an import's row). The
 * statements that went by it go by the incident instead: an actor's rename (its events' search data),
 * an actor's deletion (its events keep no actor) and a discarded import's actor sweep. Checked on their
 * plans beside a large incident: each reads the actor's incident by an index of events, never every event.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db, DbTransaction } from '../../server/db/database.ts';
import { beginImport, discardImport } from '../../server/import/hidden-import.ts';
import { deleteIncidentActor } from '../../server/repositories/actors-repository.ts';
import { insertIncident } from '../../server/repositories/incidents-repository.ts';
import { refreshActorSearch } from '../../server/repositories/search-repository.ts';
import { useOrganizationDatabase } from '../support/organization-database.ts';
import { DATABASE_KINDS } from '../support/test-database.ts';

const ROWS = 40_000;
const ACTORS = 57;

/** Answers every statement with its plan instead of running it; collects the plans. */
function explaining(db: Db, plans: string[]): Db {
  const query = async <T>(text: string, params?: readonly unknown[]): Promise<T[]> => {
    const rows = await db.query<Record<string, string>>(`EXPLAIN ${text}`, params);
    plans.push(`${text}\n${rows.map((row) => Object.values(row)[0]).join('\n')}`);
    return [];
  };
  const tx: DbTransaction = { query, exec: (script) => db.exec(script), copyFrom: async () => undefined };
  return { kind: db.kind, query, exec: tx.exec, transaction: (fn) => fn(tx), close: async () => undefined };
}

const planOf = (plans: readonly string[], statement: RegExp) => {
  const plan = plans.find((text) => statement.test(text));
  expect(plan, `a plan of ${statement}`).toBeDefined();
  return plan!;
};

describe.each(DATABASE_KINDS)('statements about one actor beside a large incident on %s', (kind) => {
  const store = useOrganizationDatabase(kind, 'Actors');
  let db: Db;
  let small: number;
  let smallActor: number;
  let large: number;
  let importId: number;

  beforeAll(async () => {
    db = store.db;
    const incident = (name: string) =>
      insertIncident(db, { organizationId: store.organizationID, name, description: '', analystId: null });
    large = await incident('Many events, many actors');
    small = await incident('One actor renamed');
    const stream = async (incidentId: number) =>
      (
        await db.query<{ id: number }>(
          "INSERT INTO streams (incident_id, name, created_micros) VALUES ($1, 'proxy.tsv', 0) RETURNING id",
          [incidentId],
        )
      )[0]!.id;
    const actors = async (incidentId: number, count: number) =>
      (
        await db.query<{ id: number }>(
          `INSERT INTO incident_actors (incident_id, name, created_micros)
           SELECT $1, 'host-' || n, 0 FROM generate_series(1, $2) AS n RETURNING id`,
          [incidentId, count],
        )
      ).map((row) => row.id);
    const events = async (incidentId: number, actorIds: number[], rows: number) =>
      db.query(
        `INSERT INTO events (incident_id, stream_id, actor_id, message, start_micros, end_micros, created_micros, change_seq)
         SELECT $1, $2, ($3::bigint[])[1 + n % cardinality($3::bigint[])], 'line ' || n, n * 1000, n * 1000, 0, incident_change_number($1)
           FROM generate_series(1, $4) AS n`,
        [incidentId, await stream(incidentId), actorIds, rows],
      );
    await events(large, await actors(large, ACTORS), ROWS);
    smallActor = (await actors(small, 1))[0]!;
    await events(small, [smallActor], 20);
    // A running import into the small incident that made an actor, to be discarded.
    importId = await db.transaction((tx) => beginImport(tx, small, 0));
    await db.query(
      "INSERT INTO incident_actors (incident_id, name, created_micros, import_id) VALUES ($1, 'new', 0, $2)",
      [small, importId],
    );
    await db.query('ANALYZE events');
  }, 120_000);

  it("a rename's search update reads the actor's incident by index", async () => {
    const plans: string[] = [];
    await refreshActorSearch(explaining(db, plans), small, smallActor);
    const plan = planOf(plans, /UPDATE events/);
    expect(plan).toMatch(/Index Scan using events_incident_\w+|Bitmap Index Scan on events_incident_\w+/);
    expect(plan).not.toMatch(/Seq Scan on events/);
  });

  it("an actor's deletion (the trigger's statement) reads its incident by index, once for all its actors", async () => {
    const [source] = await db.query<{ prosrc: string }>(
      "SELECT prosrc FROM pg_proc WHERE proname = 'events_follow_deleted_actors'",
    );
    const update = /UPDATE events[^;]*/.exec(source!.prosrc)![0];
    const statement = update.replace('incident_ids', '$1::bigint[]').replace('actor_ids', '$2::bigint[]');
    const plan = (await db.query<Record<string, string>>(`EXPLAIN ${statement}`, [[small], [smallActor]]))
      .map((row) => Object.values(row)[0])
      .join('\n');
    expect(plan).toMatch(/Index Scan using events_incident_\w+|Bitmap Index Scan on events_incident_\w+/);
    expect(plan).not.toMatch(/Seq Scan on events|Nested Loop/);
  });

  it("a discarded import's actor sweep reads the import's incident by index", async () => {
    const plans: string[] = [];
    await discardImport(explaining(db, plans), importId);
    const plan = planOf(plans, /DELETE FROM incident_actors/);
    expect(plan).toMatch(/Index Scan using events_incident_\w+|Bitmap Index Scan on events_incident_\w+/);
    expect(plan).not.toMatch(/Seq Scan on events/);
  });

  it("deleting an actor of the large incident leaves its events with no actor, and the others' alone", async () => {
    const [victim] = await db.query<{ id: number }>(
      "SELECT id FROM incident_actors WHERE incident_id = $1 AND name = 'host-1'",
      [large],
    );
    const before = await db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM events WHERE incident_id = $1 AND actor_id = $2',
      [large, victim!.id],
    );
    await db.transaction((tx) => deleteIncidentActor(tx, large, victim!.id));
    const after = await db.query<{ unnamed: number; named: number }>(
      `SELECT count(*) FILTER (WHERE actor_id IS NULL)::int AS unnamed, count(actor_id)::int AS named
         FROM events WHERE incident_id = $1`,
      [large],
    );
    expect(before[0]!.count).toBe(Math.floor(ROWS / ACTORS));
    expect(after[0]).toEqual({ unnamed: before[0]!.count, named: ROWS - before[0]!.count });
    const smallRows = await db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM events WHERE incident_id = $1 AND actor_id = $2',
      [small, smallActor],
    );
    expect(smallRows[0]!.count).toBe(20);
  });
});
