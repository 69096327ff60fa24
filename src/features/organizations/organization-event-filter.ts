/*
 * The organization pictures' own filters, as far as their data allows: a time interval, the
 * incidents shown, one organization actor, and words of the message. Pure, so the rules are tested
 * without a browser. Markers pass the actor filter: they are the incidents' shared context, not
 * anybody's events.
 */
import type { FilterableEvent } from '../../../domain/events/event-filter.ts';

/** The fields an incident's filter reads, and the end time, since an interval keeps what overlaps it. */
export type OrganizationFilterEvent = Omit<FilterableEvent, 'id'> & { readonly endTimestamp: number };

export interface OrganizationFilter {
  readonly interval: { readonly start: number; readonly end: number } | null;
  /** Incidents (the pictures' "streams") switched off. */
  readonly hiddenIncidentIDs: ReadonlySet<number>;
  /** The one organization actor (column) shown, or none for all. */
  readonly actorID: number | undefined;
  readonly text: string;
}

export interface OrganizationShown {
  positions: Uint32Array;
  highlighted: Uint8Array;
  count: number;
}

/** Every word of the search term, in any case, somewhere in the message. */
function matcher(text: string): (message: string) => boolean {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return () => true;
  return (message) => {
    const lower = message.toLowerCase();
    return words.every((word) => lower.includes(word));
  };
}

export function filterOrganizationEvents(
  events: readonly OrganizationFilterEvent[],
  filter: OrganizationFilter,
): OrganizationShown {
  const matches = matcher(filter.text);
  const kept: number[] = [];
  for (let index = 0; index < events.length; index += 1) {
    const event = events[index]!;
    if (filter.interval && (event.endTimestamp < filter.interval.start || event.startTimestamp > filter.interval.end))
      continue;
    if (filter.hiddenIncidentIDs.has(event.streamID)) continue;
    if (filter.actorID !== undefined && !event.isMarker && event.actorID !== filter.actorID) continue;
    if (!matches(event.message)) continue;
    kept.push(index);
  }
  return { positions: Uint32Array.from(kept), highlighted: new Uint8Array(kept.length), count: kept.length };
}

/** The view-state fields the organization's filters live in (the organization's view state, persisted). */
export interface OrganizationFilterFields {
  timeInterval: { start: number; end: number } | null;
  /** Incidents switched off, keyed by incident id (the pictures' "streams"). */
  streamVisibility: Record<string, boolean>;
  selectedOrganizationActorIDs: number[];
  searchTerm: string;
}

export function organizationFilterOf(fields: OrganizationFilterFields): OrganizationFilter {
  return {
    interval: fields.timeInterval,
    hiddenIncidentIDs: new Set(
      Object.entries(fields.streamVisibility).flatMap(([id, shown]) => (shown ? [] : [Number(id)])),
    ),
    actorID: fields.selectedOrganizationActorIDs[0],
    text: fields.searchTerm,
  };
}

export const isFiltering = (filter: OrganizationFilter) =>
  filter.interval !== null ||
  filter.hiddenIncidentIDs.size > 0 ||
  filter.actorID !== undefined ||
  filter.text.trim() !== '';
