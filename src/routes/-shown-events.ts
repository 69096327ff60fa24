/*
 * What an event picture (the timeline, the swimlane) is handed of the events: all of them, the
 * positions of those the filters let through, and which of those are highlighted. The three go
 * together, for an incident's events as for an organization's.
 */
import type { FilteredEvents } from '../../domain/events/event-filter.ts';

export function shownEvents<Event>(
  events: readonly Event[],
  filtered: Pick<FilteredEvents, 'positions' | 'highlighted'>,
) {
  return { events, positions: filtered.positions, highlighted: filtered.highlighted };
}
