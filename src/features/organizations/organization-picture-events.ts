/*
 * Turns the events of all an organization's incidents into the shape the incident pictures take:
 * one column per organization actor (incident actors linked to none are grouped by name, so the
 * same person in two incidents shares a column), and the incident in place of the stream, so
 * colours and the timeline's stream column tell the incidents apart.
 */
import type { FilterableEvent } from '../../../domain/events/event-filter.ts';
import type { OrganizationEventRow, OrganizationEventSources } from '../../../domain/organization-events.ts';

/**
 * An event as the incident pictures read it. Its streamID is the incident's id: the pictures colour and
 * name events by it. Its actorID is the column: an organization actor's id, UNLINKED_COLUMN_BASE + an
 * incident actor's id for an unlinked name, 0 for none.
 */
interface OrganizationPictureEvent extends FilterableEvent {
  readonly incidentID: number;
  readonly endTimestamp: number;
  readonly extra: null;
}

/**
 * Columns of incident actors linked to no organization actor: far above any organization actor's id,
 * and positive, since the view state keeps column order and hidden columns as positive ids.
 */
export const UNLINKED_COLUMN_BASE = 2 ** 50;

interface OrganizationColumn {
  id: number;
  name: string;
  isBot: boolean;
}

export interface OrganizationPictureEvents {
  events: OrganizationPictureEvent[];
  columns: OrganizationColumn[];
  /** The incidents with events as the pictures' "streams", coloured in the organization's incident order. */
  groups: Array<{ id: number; name: string; colorIndex: number }>;
  /** Non-marker events with no actor at all (an import without an actor column). */
  withoutActor: number;
}

export function organizationPictureEvents(
  sources: Pick<OrganizationEventSources, 'actors'>,
  rows: readonly OrganizationEventRow[],
  incidents: ReadonlyArray<{ id: number; name: string }>,
  organizationActors: ReadonlyArray<{ id: number; displayName: string; isBot: boolean }>,
): OrganizationPictureEvents {
  const columns = new Map<number, OrganizationColumn>();
  const byOrganizationActor = new Map(organizationActors.map((actor) => [actor.id, actor]));
  const unlinkedByName = new Map<string, number>();
  const columnOfActor = new Map<number, number>();
  for (const actor of sources.actors) {
    const linked = actor.organizationActorID === null ? undefined : byOrganizationActor.get(actor.organizationActorID);
    if (actor.organizationActorID !== null) {
      columnOfActor.set(actor.id, actor.organizationActorID);
      if (!columns.has(actor.organizationActorID))
        columns.set(actor.organizationActorID, {
          id: actor.organizationActorID,
          name: linked?.displayName ?? actor.name,
          isBot: linked?.isBot ?? actor.isBot,
        });
      continue;
    }
    const key = actor.name.toLowerCase();
    let id = unlinkedByName.get(key);
    if (id === undefined) {
      id = UNLINKED_COLUMN_BASE + actor.id;
      unlinkedByName.set(key, id);
      columns.set(id, { id, name: actor.name, isBot: actor.isBot });
    }
    columnOfActor.set(actor.id, id);
  }
  // Incidents oldest first, so colours stay put as new incidents arrive.
  const ordered = [...incidents].sort((a, b) => a.id - b.id);
  const allGroups = ordered.map((incident, index) => ({ id: incident.id, name: incident.name, colorIndex: index }));
  let withoutActor = 0;
  const used = new Set<number>();
  const withEvents = new Set<number>();
  const events = rows.map((row): OrganizationPictureEvent => {
    const actorID = row.actorID === 0 ? 0 : (columnOfActor.get(row.actorID) ?? 0);
    if (actorID === 0 && !row.isMarker) withoutActor += 1;
    if (actorID !== 0) used.add(actorID);
    withEvents.add(row.incidentID);
    return {
      id: row.id,
      incidentID: row.incidentID,
      streamID: row.incidentID,
      actorID,
      isMarker: row.isMarker,
      message: row.message,
      startTimestamp: row.startTimestamp,
      endTimestamp: row.endTimestamp,
      extra: null,
    };
  });
  // Only actors with events get a column: an organization's actor list may be long.
  const shown = [...columns.values()]
    .filter((column) => used.has(column.id))
    .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
  const groups = allGroups.filter((group) => withEvents.has(group.id));
  return { events, columns: shown, groups, withoutActor };
}
