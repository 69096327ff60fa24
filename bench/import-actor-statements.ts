/*
 * What migration 019 (no index of events by actor, for a cheaper import) costs the three statements that
 * went by it, on a 1,000,000-event incident with 57 actors: an actor's rename (its events' search data),
 * an actor's deletion (its events keep no actor) and a discarded import's actor sweep. Each is timed as
 * it runs now (by the incident) and as it ran with events_actor_idx (the index built again for the
 * comparison), on different actors, in turn.
 * `npm run -s build:server && node build/bench/import-actor-statements.js [--rows N] [--stores pglite,postgres]`
 */
import { parseArgs } from 'node:util';
import { beginImport, discardImport } from '../server/import/hidden-import.ts';
import { deleteIncidentActor } from '../server/repositories/actors-repository.ts';
import { insertIncident } from '../server/repositories/incidents-repository.ts';
import { eventVector, refreshActorSearch } from '../server/repositories/search-repository.ts';
import { openStore, postgresUrl, type StoreKind } from './bench-store.ts';

const { values } = parseArgs({ options: { rows: { type: 'string' }, stores: { type: 'string' } } });
const ROWS = Number(values.rows ?? 1_000_000);
const ACTORS = 57;
const CHUNK = 100_000;

// The statements as they were before migration 019, for the comparison.
const OLD_TRIGGER = `CREATE OR REPLACE FUNCTION events_follow_deleted_actors() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE events e SET actor_id = NULL FROM gone g WHERE e.actor_id = g.id;
  RETURN NULL;
END $$`;
const OLD_RENAME = `UPDATE events e SET search_vector = ${eventVector(
  'e.message',
  '(SELECT a.name FROM incident_actors a WHERE a.id = e.actor_id)',
  "(SELECT string_agg(t.name, ' ') FROM event_tags t WHERE t.event_id = e.id)",
  "(SELECT string_agg(n.body, ' ') FROM notes n WHERE n.event_id = e.id)",
)} WHERE e.actor_id = $1`;
const OLD_SWEEP =
  'DELETE FROM incident_actors a WHERE a.import_id = $1 AND NOT EXISTS (SELECT 1 FROM events e WHERE e.actor_id = a.id)';

async function timed(step: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await step();
  return Math.round(performance.now() - start);
}

async function measure(kind: StoreKind): Promise<void> {
  const store = await openStore(kind);
  try {
    const { db } = store;
    const [organization] = await db.query<{ id: number }>(
      "INSERT INTO organizations (name, created_micros) VALUES ('Bench', 0) RETURNING id",
    );
    const incident = await insertIncident(db, {
      organizationId: organization!.id,
      name: 'A million events',
      description: '',
      analystId: null,
    });
    const [stream] = await db.query<{ id: number }>(
      "INSERT INTO streams (incident_id, name, created_micros) VALUES ($1, 'proxy.tsv', 0) RETURNING id",
      [incident],
    );
    const actors = (
      await db.query<{ id: number }>(
        `INSERT INTO incident_actors (incident_id, name, created_micros)
         SELECT $1, 'host-' || n, 0 FROM generate_series(1, $2) AS n RETURNING id`,
        [incident, ACTORS],
      )
    ).map((row) => row.id);
    for (let first = 0; first < ROWS; first += CHUNK) {
      await db.query(
        `INSERT INTO events (incident_id, stream_id, actor_id, message, start_micros, end_micros, created_micros, change_seq)
         SELECT $1, $2, ($3::bigint[])[1 + n % $5], 'GET /api/item/' || n || ' 200', n * 1000, n * 1000, 0, incident_change_number($1)
           FROM generate_series($4::bigint, $4::bigint + ${CHUNK - 1}) AS n`,
        [incident, stream!.id, actors, first, ACTORS],
      );
    }
    await db.query('ANALYZE events');
    const sweep = async (sql?: string) => {
      const importId = await db.transaction((tx) => beginImport(tx, incident, 0));
      await db.query(
        "INSERT INTO incident_actors (incident_id, name, created_micros, import_id) VALUES ($1, 'new', 0, $2)",
        [incident, importId],
      );
      if (sql === undefined) return timed(() => discardImport(db, importId));
      const millis = await timed(() => db.query(sql, [importId]));
      await discardImport(db, importId);
      return millis;
    };
    const now = async (round: number) => ({
      rename: await timed(() => db.transaction((tx) => refreshActorSearch(tx, incident, actors[round]!))),
      delete: await timed(() => db.transaction((tx) => deleteIncidentActor(tx, incident, actors[10 + round]!))),
      sweep: await sweep(),
    });
    const before = async (round: number) => ({
      rename: await timed(() => db.query(OLD_RENAME, [actors[20 + round]])),
      delete: await timed(() => db.transaction((tx) => deleteIncidentActor(tx, incident, actors[30 + round]!))),
      sweep: await sweep(OLD_SWEEP),
    });
    const [current] = await db.query<{ def: string }>(
      "SELECT pg_get_functiondef('events_follow_deleted_actors'::regproc) AS def",
    );
    const lines: string[] = [];
    for (let round = 0; round < 2; round += 1) {
      lines.push(`now (by incident), round ${round + 1}: ${JSON.stringify(await now(round))}`);
      await db.exec(`CREATE INDEX events_actor_idx ON events (actor_id); ${OLD_TRIGGER};`);
      lines.push(`before (actor index), round ${round + 1}: ${JSON.stringify(await before(round))}`);
      await db.exec('DROP INDEX events_actor_idx');
      await db.exec(current!.def);
    }
    console.log(`${store.version}, ${ROWS} events, ${ACTORS} actors (ms):\n${lines.join('\n')}`);
  } finally {
    await store.close();
  }
}

const stores = (values.stores ?? `pglite${postgresUrl() ? ',postgres' : ''}`).split(',') as StoreKind[];
for (const kind of stores) await measure(kind);
