/*
 * The part of the per-incident view state (spec section 4) the incident page reads and writes,
 * declared here by shape: the settings feature owns the record, and the route hands it over.
 * Turned into the domain's EventFilter for filtering.
 */
import type { EventFilter, EventFilterMode } from '../../../domain/events/event-filter.ts';

export interface IncidentViewState {
  hiddenActorLanes: number[];
  selectedEventIDs: number[];
  collectionVisibility: Record<string, boolean>;
  streamVisibility: Record<string, boolean>;
  tagVisibility: Record<string, boolean>;
  incidentMapVisibility: Record<string, boolean>;
  collectionFilterModes: Record<string, EventFilterMode>;
  noteFilterModes: Record<string, EventFilterMode>;
  tagFilterModes: Record<string, EventFilterMode>;
  searchTerm: string;
  /** Handed to the filter as its interval, so it is the filter's type. */
  timeInterval: EventFilter['interval'];
  markersVisible: boolean;
  hiddenMarkerEventIDs: number[];
}

export type IncidentViewStatePatch = Partial<IncidentViewState>;

function hiddenIDs(visibility: Readonly<Record<string, boolean>>): Set<number> {
  const hidden = new Set<number>();
  for (const [key, visible] of Object.entries(visibility)) if (!visible) hidden.add(Number(key));
  return hidden;
}

/** Filter modes apply only while their item is visible: unticking a tag switches its filter off. */
function activeModes<K>(
  modes: Readonly<Record<string, EventFilterMode>>,
  visibility: Readonly<Record<string, boolean>> | undefined,
  key: (raw: string) => K,
): Map<K, EventFilterMode> {
  const active = new Map<K, EventFilterMode>();
  for (const [raw, mode] of Object.entries(modes)) if (visibility?.[raw] !== false) active.set(key(raw), mode);
  return active;
}

export function eventFilterOf(state: IncidentViewState): EventFilter {
  return {
    hiddenStreamIDs: hiddenIDs(state.streamVisibility),
    hiddenActorIDs: new Set(state.hiddenActorLanes),
    collectionModes: activeModes(state.collectionFilterModes, state.collectionVisibility, Number),
    tagModes: activeModes(state.tagFilterModes, state.tagVisibility, String),
    noteKindModes: activeModes(state.noteFilterModes, undefined, String),
    searchTerm: state.searchTerm,
    interval: state.timeInterval,
    markersVisible: state.markersVisible,
    hiddenMarkerEventIDs: new Set(state.hiddenMarkerEventIDs),
  };
}

/** Sets or clears one item's filter mode in a record of modes. */
export function withMode(
  modes: Readonly<Record<string, EventFilterMode>>,
  key: string,
  mode: EventFilterMode | undefined,
): Record<string, EventFilterMode> {
  const next = { ...modes };
  if (mode === undefined) delete next[key];
  else next[key] = mode;
  return next;
}
