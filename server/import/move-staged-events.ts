/*
 * The first import's move: the rows staged by stage-file.ts become streams (one, or one per Slack
 * channel, in the order the file names them), incident actors (matched or created by name) and
 * events with the search data staged with them, in one INSERT … SELECT inside the import's transaction.
 */
import type { ImportFormat } from '../../domain/import/import-record.ts';
import type { DbTransaction } from '../db/database.ts';
import type { IncidentRef } from '../repositories/access-repository.ts';
import { incidentActorResolver } from './incident-actors.ts';

export interface ImportedStream {
  id: number;
  name: string;
  eventCount: number;
}

export interface MoveContext {
  table: string;
  incident: IncidentRef;
  format: ImportFormat;
  defaultName: string;
  analystId: number | null;
  nowMicros: number;
}

/** The new streams, with their ids in the order the file named them. */
export async function moveStagedEvents(tx: DbTransaction, context: MoveContext): Promise<ImportedStream[]> {
  const { table, incident, defaultName, nowMicros } = context;
  const named = await tx.query<{ name: string; event_count: number }>(
    `SELECT coalesce(stream, $1) AS name, count(*) FILTER (WHERE NOT is_marker)::bigint AS event_count FROM ${table} GROUP BY 1 ORDER BY min(position)`,
    [defaultName],
  );
  // Slack names its streams by channel; every other format has the one, even if only markers came.
  const names = context.format === 'slack-zip' || named.some((row) => row.name === defaultName) ? named : [{ name: defaultName, event_count: 0 }, ...named];
  const streams: ImportedStream[] = [];
  for (const { name, event_count } of names) {
    const [row] = await tx.query<{ id: number }>(
      'INSERT INTO streams (incident_id, name, import_format, created_micros, analyst_id) VALUES ($1, $2, $3, $4, $5) RETURNING id',
      [incident.id, name, context.format, nowMicros, context.analystId],
    );
    streams.push({ id: row!.id, name, eventCount: Number(event_count) });
  }

  const wanted = new Map<string, boolean>();
  for (const row of await tx.query<{ actor: string; is_bot: boolean }>(`SELECT actor, bool_or(actor_is_bot) AS is_bot FROM ${table} WHERE NOT is_marker AND actor <> '' GROUP BY actor`)) {
    wanted.set(row.actor, row.is_bot);
  }
  await incidentActorResolver(tx, incident, nowMicros)(wanted);
  const [marker] = await tx.query<{ id: number }>('SELECT id FROM streams WHERE incident_id = $1 AND is_marker_stream', [incident.id]);
  if (!marker) throw new Error(`incident ${incident.id} has no marker stream`);

  // The import's change number (migration 009), taken once and given to every row, so the
  // per-row stamping trigger is skipped.
  const [change] = await tx.query<{ seq: number }>('SELECT incident_change_number($1) AS seq', [incident.id]);
  // A marker goes to the incident's marker stream; import_stream_id (migration 005) names the stream whose import made it.
  await tx.query(
    `INSERT INTO events (incident_id, stream_id, actor_id, is_marker, message, start_micros, end_micros, extra, source_line, import_stream_id, analyst_id, created_micros, search_vector, change_seq)
     SELECT $1, CASE WHEN g.is_marker THEN $2::bigint ELSE s.id END, a.id, g.is_marker, g.message, g.start_micros, g.end_micros, g.extra, g.line,
            CASE WHEN g.is_marker THEN s.id END, $3, $4, g.search_vector, $8
       FROM ${table} g
       JOIN unnest($5::text[], $6::bigint[]) AS s (name, id) ON s.name = coalesce(g.stream, $7)
       LEFT JOIN incident_actors a ON a.incident_id = $1 AND a.name = g.actor AND NOT g.is_marker AND g.actor <> ''
      ORDER BY g.position`,
    [incident.id, marker.id, context.analystId, nowMicros, streams.map((stream) => stream.name), streams.map((stream) => stream.id), defaultName, change?.seq ?? 0],
  );
  return streams;
}
