/*
 * Which events an incident page shows (spec section 4's filters): stream and actor visibility, the
 * time interval, the search term, markers, and the filter modes of collections, tags and note kinds
 * (h highlights, i ignores, r requires; several "r" must all hold). Runs over a million events per
 * keystroke, so it walks plain arrays once and answers with typed arrays, never new event objects.
 * Markers are context, not evidence: only their own switches and the interval hide them.
 */
import type { EventRow } from '../event.ts';

export type EventFilterMode = 'h' | 'i' | 'r';

/** The fields of an event the filter reads. */
export type FilterableEvent = Readonly<
  Pick<EventRow, 'id' | 'streamID' | 'actorID' | 'isMarker' | 'message' | 'startTimestamp'>
>;

export interface EventAnnotationIndex {
  readonly tagsByEvent: ReadonlyMap<number, readonly string[]>;
  readonly collectionsByEvent: ReadonlyMap<number, readonly number[]>;
  readonly noteKindsByEvent: ReadonlyMap<number, readonly string[]>;
}

interface EventAnnotationSources {
  eventTags: ReadonlyArray<{ itemID: number; name: string }>;
  collections: ReadonlyArray<{ id: number; eventIDs: readonly number[] }>;
  notes: ReadonlyArray<{ eventID: number | null; kind: string }>;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) {
    if (!list.includes(value)) list.push(value);
  } else map.set(key, [value]);
}

/** Per event: its tags, collections and note kinds, for filtering and for the rows' chips. */
export function indexEventAnnotations(sources: EventAnnotationSources): EventAnnotationIndex {
  const tagsByEvent = new Map<number, string[]>();
  const collectionsByEvent = new Map<number, number[]>();
  const noteKindsByEvent = new Map<number, string[]>();
  for (const tag of sources.eventTags) push(tagsByEvent, tag.itemID, tag.name);
  for (const collection of sources.collections)
    for (const eventID of collection.eventIDs) push(collectionsByEvent, eventID, collection.id);
  for (const note of sources.notes) if (note.eventID !== null) push(noteKindsByEvent, note.eventID, note.kind);
  return { tagsByEvent, collectionsByEvent, noteKindsByEvent };
}

export interface EventFilter {
  hiddenStreamIDs: ReadonlySet<number>;
  hiddenActorIDs: ReadonlySet<number>;
  collectionModes: ReadonlyMap<number, EventFilterMode>;
  tagModes: ReadonlyMap<string, EventFilterMode>;
  noteKindModes: ReadonlyMap<string, EventFilterMode>;
  /** Case-insensitive words that must all appear in the message. */
  searchTerm: string;
  interval: { start: number; end: number } | null;
  markersVisible: boolean;
  hiddenMarkerEventIDs: ReadonlySet<number>;
}

export const NO_EVENT_FILTER: EventFilter = {
  hiddenStreamIDs: new Set(),
  hiddenActorIDs: new Set(),
  collectionModes: new Map(),
  tagModes: new Map(),
  noteKindModes: new Map(),
  searchTerm: '',
  interval: null,
  markersVisible: true,
  hiddenMarkerEventIDs: new Set(),
};

export interface FilteredEvents {
  /** Positions in the input array of the shown events, in input order. */
  readonly positions: Uint32Array;
  /** 1 where the shown event at the same place matches a highlight filter. */
  readonly highlighted: Uint8Array;
  readonly count: number;
}

interface ModeSet<K> {
  highlight: K[];
  ignore: K[];
  require: K[];
}

function split<K>(modes: ReadonlyMap<K, EventFilterMode>): ModeSet<K> {
  const set: ModeSet<K> = { highlight: [], ignore: [], require: [] };
  for (const [key, mode] of modes) (mode === 'h' ? set.highlight : mode === 'i' ? set.ignore : set.require).push(key);
  return set;
}

const hasAny = <K>(values: readonly K[] | undefined, keys: readonly K[]) =>
  values !== undefined && keys.some((key) => values.includes(key));
const hasAll = <K>(values: readonly K[] | undefined, keys: readonly K[]) =>
  keys.every((key) => values?.includes(key) ?? false);

function searchWords(term: string): string[] {
  return term.toLowerCase().split(/\s+/).filter(Boolean);
}

/** An event list's number columns and a message reader: the filter reads these instead of rows when given. */
export interface FilterableColumns {
  readonly ids: ArrayLike<number>;
  readonly streamIDs: ArrayLike<number>;
  readonly actorIDs: ArrayLike<number>;
  readonly isMarker: ArrayLike<number>;
  readonly startTimestamps: ArrayLike<number>;
  readonly messageAt: (position: number) => string;
}

export function filterEvents(
  events: readonly FilterableEvent[],
  index: EventAnnotationIndex,
  filter: EventFilter,
  columns?: FilterableColumns,
): FilteredEvents {
  const positions = new Uint32Array(events.length);
  const highlighted = new Uint8Array(events.length);
  const tags = split(filter.tagModes);
  const collections = split(filter.collectionModes);
  const noteKinds = split(filter.noteKindModes);
  const words = searchWords(filter.searchTerm);
  const anyHighlight = tags.highlight.length + collections.highlight.length + noteKinds.highlight.length > 0;
  const anyAnnotationFilter =
    anyHighlight ||
    tags.ignore.length +
      tags.require.length +
      collections.ignore.length +
      collections.require.length +
      noteKinds.ignore.length +
      noteKinds.require.length >
      0;
  const { interval } = filter;
  const length = events.length;
  // Nothing to hide: every position shows (a reopened incident's usual case, a million events at once).
  if (
    !interval &&
    !anyAnnotationFilter &&
    words.length === 0 &&
    filter.hiddenStreamIDs.size === 0 &&
    filter.hiddenActorIDs.size === 0 &&
    filter.markersVisible &&
    filter.hiddenMarkerEventIDs.size === 0
  ) {
    for (let position = 0; position < length; position += 1) positions[position] = position;
    return { positions, highlighted, count: length };
  }
  let count = 0;
  for (let position = 0; position < length; position += 1) {
    // Columns when the list has them: a million events are read without touching a row object.
    const event = columns ? undefined : (events[position] as FilterableEvent);
    const start = event ? event.startTimestamp : (columns?.startTimestamps[position] as number);
    if (interval && (start < interval.start || start > interval.end)) continue;
    if (filter.hiddenStreamIDs.has(event ? event.streamID : (columns?.streamIDs[position] as number))) continue;
    const id = event ? event.id : (columns?.ids[position] as number);
    if (event ? event.isMarker : columns?.isMarker[position] === 1) {
      if (!filter.markersVisible || filter.hiddenMarkerEventIDs.has(id)) continue;
      positions[count] = position;
      count += 1;
      continue;
    }
    if (filter.hiddenActorIDs.has(event ? event.actorID : (columns?.actorIDs[position] as number))) continue;
    if (words.length > 0) {
      const message = (event ? event.message : (columns?.messageAt(position) ?? '')).toLowerCase();
      if (!words.every((word) => message.includes(word))) continue;
    }
    if (anyAnnotationFilter) {
      const eventTags = index.tagsByEvent.get(id);
      const eventCollections = index.collectionsByEvent.get(id);
      const eventNoteKinds = index.noteKindsByEvent.get(id);
      if (
        hasAny(eventTags, tags.ignore) ||
        hasAny(eventCollections, collections.ignore) ||
        hasAny(eventNoteKinds, noteKinds.ignore)
      )
        continue;
      if (
        !hasAll(eventTags, tags.require) ||
        !hasAll(eventCollections, collections.require) ||
        !hasAll(eventNoteKinds, noteKinds.require)
      )
        continue;
      if (
        anyHighlight &&
        (hasAny(eventTags, tags.highlight) ||
          hasAny(eventCollections, collections.highlight) ||
          hasAny(eventNoteKinds, noteKinds.highlight))
      ) {
        highlighted[count] = 1;
      }
    }
    positions[count] = position;
    count += 1;
  }
  return { positions: positions.subarray(0, count), highlighted: highlighted.subarray(0, count), count };
}

/** The first shown place whose event starts at or after `micros` (binary search; events in time order). */
export function firstAtOrAfter(events: readonly FilterableEvent[], filtered: FilteredEvents, micros: number): number {
  let low = 0;
  let high = filtered.count;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const event = events[filtered.positions[middle] ?? 0];
    if (event && event.startTimestamp < micros) low = middle + 1;
    else high = middle;
  }
  return Math.min(low, Math.max(0, filtered.count - 1));
}
