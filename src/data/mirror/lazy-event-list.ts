/*
 * A columnar incident's events as a list whose row objects are made only when one is read (issue 20):
 * a Proxy over an array, so every screen keeps taking a plain readonly array, while a million events
 * cost their number columns and two position arrays instead of a million objects. The filter and the
 * pictures read the columns (eventListColumns) and the messages (eventMessageReader); a row read is kept.
 */
import type { EventColumns } from '../../../domain/events/event-columns.ts';
import { extrasByPosition, messageAt } from '../../../domain/events/event-columns-rows.ts';
import type { FilterableColumns } from '../../../domain/events/event-filter.ts';
import type { EventListColumns } from '../../../domain/events/event-list-columns.ts';
import { registerEventListColumns } from './event-list-columns.ts';
import type { EventMirrorRow } from './mirror-database.ts';

/** Where each position of a list lives: a chunk's index, or a loose row (optimistic, or from a delta). */
interface LazyEventSource {
  incidentID: number;
  chunks: readonly EventColumns[];
  /** Per position: the chunk holding the event, or -1 for a loose row. */
  chunkOf: Int32Array;
  /** Per position: the event's index in its chunk, or in `loose`. */
  indexOf: Uint32Array;
  loose: readonly EventMirrorRow[];
  columns: EventListColumns;
  /** Positions whose event has extra data, ascending. */
  extraPositions: Uint32Array;
}

const sourceOfList = new WeakMap<readonly object[], LazyEventSource>();
const extrasOfChunk = new WeakMap<EventColumns, Map<number, EventMirrorRow['extra']>>();

function extraIn(columns: EventColumns, index: number): EventMirrorRow['extra'] {
  if (columns.extraPositions.length === 0) return null;
  let byPosition = extrasOfChunk.get(columns);
  if (!byPosition) {
    byPosition = extrasByPosition(columns);
    extrasOfChunk.set(columns, byPosition);
  }
  return byPosition.get(index) ?? null;
}

function rowAt(source: LazyEventSource, position: number): EventMirrorRow {
  const chunk = source.chunkOf[position] as number;
  const index = source.indexOf[position] as number;
  if (chunk < 0) return source.loose[index] as EventMirrorRow;
  const columns = source.chunks[chunk] as EventColumns;
  // One literal with every field, so the rows share one shape.
  return {
    id: columns.ids[index] as number,
    streamID: columns.streamIDs[index] as number,
    actorID: columns.actorIDs[index] as number,
    isMarker: columns.isMarker[index] === 1,
    message: messageAt(columns, index),
    startTimestamp: columns.startTimestamps[index] as number,
    endTimestamp: columns.endTimestamps[index] as number,
    extra: extraIn(columns, index),
    incidentID: source.incidentID,
  };
}

/** The position a property key names, or -1 ("length", methods, symbols). */
function positionOf(key: string | symbol, count: number): number {
  if (typeof key !== 'string') return -1;
  const first = key.charCodeAt(0);
  if (first < 48 || first > 57) return -1;
  const position = Number(key);
  return Number.isInteger(position) && position < count ? position : -1;
}

/** The list of `source`'s events; its rows are built on first read and kept. */
export function lazyEventList(source: LazyEventSource): EventMirrorRow[] {
  const count = source.columns.count;
  // Holey on purpose: an empty slot is a row not built yet.
  const held = new Array<EventMirrorRow | undefined>(count);
  const list = new Proxy(held, {
    get(target, key, receiver) {
      const position = positionOf(key, count);
      if (position < 0) return Reflect.get(target, key, receiver) as unknown;
      return (target[position] ??= rowAt(source, position));
    },
    // Array methods (some, map, filter, forEach) skip positions that are not "in" the array.
    has(target, key) {
      return positionOf(key, count) >= 0 || Reflect.has(target, key);
    },
    getOwnPropertyDescriptor(target, key) {
      const position = positionOf(key, count);
      if (position < 0) return Reflect.getOwnPropertyDescriptor(target, key);
      return { value: (target[position] ??= rowAt(source, position)), writable: true, enumerable: true, configurable: true };
    },
    ownKeys(target) {
      return [...Array.from({ length: count }, (_, position) => String(position)), ...Reflect.ownKeys(target).filter((key) => positionOf(key, count) < 0)];
    },
  }) as EventMirrorRow[];
  sourceOfList.set(list, source);
  registerEventListColumns(list, source.columns);
  return list;
}

/** Where a lazy list's events live (lazy-event-patch.ts patches it); undefined for any other list. */
export function lazyEventSource(events: readonly object[]): LazyEventSource | undefined {
  return sourceOfList.get(events);
}

/** The message at a position without building its row; undefined for a list that is not lazy. */
function eventMessageReader(events: readonly object[]): ((position: number) => string) | undefined {
  const source = sourceOfList.get(events);
  if (!source) return undefined;
  const { chunkOf, indexOf, chunks, loose } = source;
  return (position) => {
    const chunk = chunkOf[position] as number;
    const index = indexOf[position] as number;
    return chunk < 0 ? (loose[index] as EventMirrorRow).message : messageAt(chunks[chunk] as EventColumns, index);
  };
}

/** The positions of the events that carry extra data (HAR phases…); undefined for a list that is not lazy. */
export function eventExtraPositions(events: readonly object[]): Uint32Array | undefined {
  return sourceOfList.get(events)?.extraPositions;
}

/** What the event filter reads instead of rows (domain/events/event-filter.ts); undefined for a list that is not lazy. */
export function eventFilterColumns(events: readonly object[]): FilterableColumns | undefined {
  const source = sourceOfList.get(events);
  const messageAt = eventMessageReader(events);
  return source && messageAt ? { ...source.columns, messageAt } : undefined;
}

/** The position of the event `eventID` (-1 when absent), found in the ids column when the list is lazy. */
export function eventPositionOfID(events: readonly { id: number }[], eventID: number): number {
  const ids = sourceOfList.get(events)?.columns.ids;
  if (!ids) return events.findIndex((event) => event.id === eventID);
  const length = events.length;
  for (let position = 0; position < length; position += 1) if (ids[position] === eventID) return position;
  return -1;
}
