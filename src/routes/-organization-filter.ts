/*
 * The organization pictures' filters, kept in the organization's view state (features/settings), so
 * they survive a reload and every picture of the organization reads the same ones; composed here
 * because features/organizations does not reach into features/settings.
 */
import { useMemo } from 'react';
import {
  filterOrganizationEvents,
  organizationFilterOf,
  type OrganizationFilter,
  type OrganizationFilterEvent,
  type OrganizationShown,
} from '../features/organizations/organization-event-filter.ts';
import { useViewState } from '../features/settings/use-settings.ts';

const NO_FILTER: OrganizationFilter = { interval: null, hiddenIncidentIDs: new Set(), actorID: undefined, text: '' };

export function useOrganizationFilter(organizationID: number) {
  const [viewState, update] = useViewState('organization', organizationID);
  const { timeInterval, streamVisibility, selectedOrganizationActorIDs, searchTerm } = viewState;
  const filter = useMemo(
    () => organizationFilterOf({ timeInterval, streamVisibility, selectedOrganizationActorIDs, searchTerm }),
    [timeInterval, streamVisibility, selectedOrganizationActorIDs, searchTerm],
  );
  return { filter, fields: { timeInterval, streamVisibility, selectedOrganizationActorIDs, searchTerm }, update };
}

/**
 * The events the organization's pictures show, and the time they span (the interval when one is set).
 * `apply` false shows them all: the timeline beside the map, whose tracks the filters do not reach.
 */
export function useOrganizationShown(
  organizationID: number,
  events: readonly OrganizationFilterEvent[],
  apply = true,
): { filtered: OrganizationShown; first: number; last: number } {
  const stored = useOrganizationFilter(organizationID).filter;
  const filter = apply ? stored : NO_FILTER;
  return useMemo(() => {
    const filtered = filterOrganizationEvents(events, filter);
    let first = events[0]?.startTimestamp ?? 0;
    let last = first;
    for (const event of events) if (event.endTimestamp > last) last = event.endTimestamp;
    if (filter.interval) {
      first = filter.interval.start;
      last = filter.interval.end;
    }
    return { filtered, first, last: Math.max(first + 1000, last) };
  }, [events, filter]);
}
