/*
 * Actors named by an imported file, matched by name to the incident's actors, then to the
 * organization's (which give the bot flag), and created when neither has them. Shared by the import
 * and the re-import; the resolver remembers what it resolved, so each name costs one lookup.
 */
import type { Queryable } from '../db/database.ts';
import type { IncidentRef } from '../repositories/access-repository.ts';

/** Name → incident actor id, for the names given (each with the file's bot flag). */
type ActorResolver = (wanted: ReadonlyMap<string, boolean>) => Promise<ReadonlyMap<string, number>>;

/** `importId`: the import whose actors stay out of sight until its flip (migration 010); null when visible at once. */
export function incidentActorResolver(
  tx: Queryable,
  incident: IncidentRef,
  nowMicros: number,
  importId: number | null = null,
): ActorResolver {
  const actors = new Map<string, number>();
  return async (wanted) => {
    const names = [...wanted.keys()].filter((name) => name !== '' && !actors.has(name));
    if (names.length === 0) return actors;
    for (const row of await tx.query<{ id: number; name: string }>(
      'SELECT id, name FROM incident_actors WHERE incident_id = $1 AND name = ANY($2::text[])',
      [incident.id, names],
    )) {
      actors.set(row.name, row.id);
    }
    const missing = names.filter((name) => !actors.has(name));
    if (missing.length === 0) return actors;
    const known = new Map<string, { id: number; is_bot: boolean }>();
    for (const row of await tx.query<{ id: number; display_name: string; is_bot: boolean }>(
      'SELECT id, display_name, is_bot FROM organization_actors WHERE organization_id = $1 AND display_name = ANY($2::text[])',
      [incident.organization_id, missing],
    )) {
      known.set(row.display_name, row);
    }
    const created = await tx.query<{ id: number; name: string }>(
      `INSERT INTO incident_actors (incident_id, name, is_bot, organization_actor_id, created_micros, import_id)
       SELECT $1, n.name, n.is_bot, n.organization_actor_id, $5, $6
         FROM unnest($2::text[], $3::boolean[], $4::bigint[]) AS n (name, is_bot, organization_actor_id)
       RETURNING id, name`,
      [
        incident.id,
        missing,
        missing.map((name) => known.get(name)?.is_bot ?? wanted.get(name) ?? false),
        missing.map((name) => known.get(name)?.id ?? null),
        nowMicros,
        importId,
      ],
    );
    for (const row of created) actors.set(row.name, row.id);
    return actors;
  };
}
