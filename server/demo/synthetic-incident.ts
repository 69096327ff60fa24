/*
 * Writes a synthetic incident of any size (npm run generate, the benchmarks, tests): streams,
 * actors linked to organization actors, markers, and events sent with COPY in batches, all in one
 * transaction, with the search data computed on the way in.
 */
import { copyText } from '../db/copy-text.ts';
import type { Db, DbTransaction } from '../db/database.ts';
import { insertIncident } from '../repositories/incidents-repository.ts';
import { eventVector, rebuildSearch, refreshEventSearch } from '../repositories/search-repository.ts';
import { SURGE, SYNTHETIC_STREAMS, syntheticActors, syntheticEvents } from './synthetic-events.ts';

export const GENERATED_ORGANIZATION_NAME = 'Generated incidents';
/** Markers every generated incident has beside its events. */
export const SYNTHETIC_MARKER_COUNT = 4;

interface GenerateOptions {
  events: number;
  incidentName?: string | undefined;
  seed?: number | undefined;
  /** Default 4 hours from 2024-06-04 09:00 UTC. */
  startMicros?: number | undefined;
  spanMicros?: number | undefined;
  batchRows?: number | undefined;
  /**
   * How the search data is made. staging: COPY into a temporary table, then INSERT ... SELECT with
   * to_tsvector (each row written once). update: COPY into events, then one UPDATE of the incident
   * (each row written twice). bench/RESULTS.md has both timings; staging is faster on both stores.
   */
  searchMode?: 'staging' | 'update' | undefined;
  onProgress?: ((phase: 'events' | 'search', done: number, total: number) => void) | undefined;
}

interface GeneratedIncident {
  organizationId: number;
  incidentId: number;
  name: string;
  events: number;
  markers: number;
  streams: number;
  actors: number;
  startMicros: number;
  endMicros: number;
  insertMillis: number;
  searchMillis: number;
}

/** COPY text format: backslash, tab, newline and carriage return are escaped. */
const STAGING_COLUMNS = 'stream_id, actor_id, message, start_micros, end_micros, source_line';

export async function generateIncident(db: Db, options: GenerateOptions): Promise<GeneratedIncident> {
  const seed = options.seed ?? 1;
  const startMicros = options.startMicros ?? Date.UTC(2024, 5, 4, 9, 0, 0) * 1000;
  const spanMicros = options.spanMicros ?? 4 * 3600 * 1_000_000;
  const batchRows = options.batchRows ?? 50_000;
  const mode = options.searchMode ?? 'staging';
  const name = options.incidentName ?? `Synthetic outage, ${options.events.toLocaleString('en-US')} events`;
  const now = Date.now() * 1000;
  let insertMillis = 0;
  let searchMillis = 0;

  const result = await db.transaction(async (tx) => {
    const organizationId = await generatedOrganization(tx, now);
    const incidentId = await insertIncident(tx, {
      organizationId,
      name,
      description: `Synthetic: ${options.events.toLocaleString('en-US')} events on ${SYNTHETIC_STREAMS.length} streams by 40 actors, written by npm run generate (seed ${seed}).`,
      analystId: null,
    });
    const streamIds: number[] = [];
    for (const stream of SYNTHETIC_STREAMS) {
      const [row] = await tx.query<{ id: number }>(
        'INSERT INTO streams (incident_id, name, import_format, created_micros) VALUES ($1, $2, $3, $4) RETURNING id',
        [incidentId, stream.name, stream.importFormat, now],
      );
      streamIds.push(row!.id);
    }
    const actorIds: number[] = [];
    for (const actor of syntheticActors()) {
      // The same people and bots across generated incidents, as in a real organization.
      const [organizationActor] = await tx.query<{ id: number }>(
        `INSERT INTO organization_actors (organization_id, display_name, is_bot, created_micros) VALUES ($1, $2, $3, $4)
         ON CONFLICT (organization_id, display_name) DO UPDATE SET is_bot = EXCLUDED.is_bot RETURNING id`,
        [organizationId, actor.name, actor.isBot, now],
      );
      const [row] = await tx.query<{ id: number }>(
        'INSERT INTO incident_actors (incident_id, name, is_bot, organization_actor_id, created_micros) VALUES ($1, $2, $3, $4, $5) RETURNING id',
        [incidentId, actor.name, actor.isBot, organizationActor!.id, now],
      );
      actorIds.push(row!.id);
    }
    const markerIds = await insertMarkers(tx, incidentId, startMicros, spanMicros, now);
    // The change number (migration 009) given with every row, so no per-row trigger runs.
    const [change] = await tx.query<{ seq: number }>('SELECT incident_change_number($1) AS seq', [incidentId]);
    const changeSeq = change?.seq ?? 0;

    const started = performance.now();
    if (mode === 'staging') {
      await tx.query(
        `CREATE TEMP TABLE generated_events (stream_id bigint NOT NULL, actor_id bigint, message text NOT NULL,
           start_micros bigint NOT NULL, end_micros bigint NOT NULL, source_line integer) ON COMMIT DROP`,
      );
    }
    let done = 0;
    let lines: string[] = [];
    const flush = async () => {
      if (lines.length === 0) return;
      const data = `${lines.join('\n')}\n`;
      lines = [];
      if (mode === 'staging') {
        await tx.copyFrom(`COPY generated_events (${STAGING_COLUMNS}) FROM STDIN`, data);
        await tx.query(
          `INSERT INTO events (incident_id, stream_id, actor_id, message, start_micros, end_micros, source_line, created_micros, search_vector, change_seq)
           SELECT $1, g.stream_id, g.actor_id, g.message, g.start_micros, g.end_micros, g.source_line, $2,
                  ${eventVector('g.message', 'a.name', 'NULL', 'NULL')}, $3
             FROM generated_events g LEFT JOIN incident_actors a ON a.id = g.actor_id`,
          [incidentId, now, changeSeq],
        );
        await tx.query('TRUNCATE generated_events');
      } else {
        await tx.copyFrom(`COPY events (incident_id, ${STAGING_COLUMNS}, created_micros, change_seq) FROM STDIN`, data);
      }
      options.onProgress?.('events', done, options.events);
    };
    for (const event of syntheticEvents(options.events, startMicros, spanMicros, seed)) {
      done += 1;
      const prefix = mode === 'staging' ? '' : `${incidentId}\t`;
      const suffix = mode === 'staging' ? '' : `\t${now}\t${changeSeq}`;
      lines.push(
        `${prefix}${streamIds[event.stream]}\t${actorIds[event.actor]}\t${copyText(event.message)}\t${event.startMicros}\t${event.endMicros}\t${done + 1}${suffix}`,
      );
      if (lines.length === batchRows) await flush();
    }
    await flush();
    insertMillis = performance.now() - started;

    const searchStarted = performance.now();
    if (mode === 'update') {
      options.onProgress?.('search', 0, options.events);
      await rebuildSearch(tx, incidentId);
      options.onProgress?.('search', options.events, options.events);
    } else {
      await refreshEventSearch(tx, markerIds);
    }
    searchMillis = performance.now() - searchStarted;
    return { organizationId, incidentId, markers: markerIds.length };
  });
  // NOTE: PGlite runs no autovacuum, so without this the planner guesses at a million new rows.
  await db.query('ANALYZE events');
  return {
    ...result,
    name,
    events: options.events,
    streams: SYNTHETIC_STREAMS.length,
    actors: 40,
    startMicros,
    endMicros: startMicros + spanMicros,
    insertMillis,
    searchMillis,
  };
}

async function generatedOrganization(tx: DbTransaction, now: number): Promise<number> {
  const [existing] = await tx.query<{ id: number }>(
    'SELECT id FROM organizations WHERE name = $1 ORDER BY id LIMIT 1',
    [GENERATED_ORGANIZATION_NAME],
  );
  if (existing) return existing.id;
  const [created] = await tx.query<{ id: number }>(
    'INSERT INTO organizations (name, description, created_micros) VALUES ($1, $2, $3) RETURNING id',
    [
      GENERATED_ORGANIZATION_NAME,
      'Synthetic incidents from npm run generate, for trying the app at scale. No members: administrators see it.',
      now,
    ],
  );
  return created!.id;
}

async function insertMarkers(
  tx: DbTransaction,
  incidentId: number,
  startMicros: number,
  spanMicros: number,
  now: number,
): Promise<number[]> {
  const [stream] = await tx.query<{ id: number }>(
    'SELECT id FROM streams WHERE incident_id = $1 AND is_marker_stream',
    [incidentId],
  );
  const at = (fraction: number) => startMicros + Math.floor(fraction * spanMicros);
  const markers = [
    { message: 'First customer reports', start: at(SURGE.start - 0.01), end: at(SURGE.start - 0.01) },
    { message: 'Customer impact', start: at(SURGE.start), end: at(SURGE.end) },
    { message: 'Rollback deployed', start: at(SURGE.end - 0.04), end: at(SURGE.end - 0.04) },
    { message: 'All clear', start: at(SURGE.end + 0.1), end: at(SURGE.end + 0.1) },
  ];
  const ids: number[] = [];
  if (markers.length !== SYNTHETIC_MARKER_COUNT) throw new Error('marker count drifted');
  for (const marker of markers) {
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO events (incident_id, stream_id, is_marker, message, start_micros, end_micros, created_micros, change_seq)
       VALUES ($1, $2, true, $3, $4, $5, $6, incident_change_number($1)) RETURNING id`,
      [incidentId, stream!.id, marker.message, marker.start, marker.end, now],
    );
    ids.push(row!.id);
  }
  return ids;
}
