/*
 * A columnar incident's events as a list whose row objects are made only when one is read (issue 20):
 * a Proxy over an array, so every screen keeps taking a plain readonly array, while a million events
 * cost their number columns and two position arrays instead of a million objects. The filter and the
 * pictures read the columns (eventListColumns) and the messages (eventMessageReader); a row read is kept.
 * A reopen reads the chunks' numbers alone (schema 6): until their texts are in (withChunkTexts), a row
 * says its message is still loading (eventMessagePending) rather than show a wrong one, and is not kept.
 */
import type { EventChunkNumbers } from '../../../domain/events/event-chunk-numbers.ts';
import type { FilterableColumns } from '../../../domain/events/event-filter.ts';
import type { EventListColumns } from '../../../domain/events/event-list-columns.ts';
import { registerEventListColumns } from './event-list-columns.ts';
import type { EventMirrorRow } from './mirror-database.ts';

/** Where each position of a list lives: a chunk's index, or a loose row (optimistic, or from a delta). */
interface LazyEventSource {
  incidentID: number;
  chunks: readonly EventChunkNumbers[];
  /** Each chunk's write (EventChunkRow.stamp): its texts are those of the same stamp. */
  stamps?: readonly string[] | undefined;
  /** Each chunk's messages and extras, position for position; undefined until they are read. */
  texts?: readonly ChunkTexts[] | undefined;
  /** Per position: the chunk holding the event, or -1 for a loose row. */
  chunkOf: Int32Array;
  /** Per position: the event's index in its chunk, or in `loose`. */
  indexOf: Uint32Array;
  loose: readonly EventMirrorRow[];
  columns: EventListColumns;
  /** Positions whose event has extra data, ascending. */
  extraPositions: Uint32Array;
}

/** A chunk's texts as eventChunkTexts holds them (EventColumns has the same fields). */
export interface ChunkTexts {
  messageText: string;
  messageOffsets: Uint32Array;
  extras: readonly unknown[];
}

const sourceOfList = new WeakMap<readonly object[], LazyEventSource>();
const extrasOfChunk = new WeakMap<ChunkTexts, Map<number, EventMirrorRow['extra']>>();
/** Rows made while their chunk's texts are not read yet: their message is empty and must not be shown. */
const pendingRows = new WeakSet<object>();

function extraIn(numbers: EventChunkNumbers, texts: ChunkTexts, index: number): EventMirrorRow['extra'] {
  if (numbers.extraPositions.length === 0) return null;
  let byPosition = extrasOfChunk.get(texts);
  if (!byPosition) {
    byPosition = new Map();
    for (let at = 0; at < numbers.extraPositions.length; at += 1) byPosition.set(numbers.extraPositions[at] as number, texts.extras[at] as EventMirrorRow['extra']);
    extrasOfChunk.set(texts, byPosition);
  }
  return byPosition.get(index) ?? null;
}

const textAt = (texts: ChunkTexts, index: number) => texts.messageText.slice(texts.messageOffsets[index], texts.messageOffsets[index + 1]);

function rowAt(source: LazyEventSource, position: number): EventMirrorRow {
  const chunk = source.chunkOf[position] as number;
  const index = source.indexOf[position] as number;
  if (chunk < 0) return source.loose[index] as EventMirrorRow;
  const columns = source.chunks[chunk] as EventChunkNumbers;
  const texts = source.texts?.[chunk];
  // One literal with every field, so the rows share one shape.
  const row: EventMirrorRow = {
    id: columns.ids[index] as number,
    streamID: columns.streamIDs[index] as number,
    actorID: columns.actorIDs[index] as number,
    isMarker: columns.isMarker[index] === 1,
    message: texts ? textAt(texts, index) : '',
    startTimestamp: columns.startTimestamps[index] as number,
    endTimestamp: columns.endTimestamps[index] as number,
    extra: texts ? extraIn(columns, texts, index) : null,
    incidentID: source.incidentID,
  };
  if (!texts) pendingRows.add(row);
  return row;
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
  const rows = new Array<EventMirrorRow | undefined>(count);
  // A row waiting for its texts is made again when next read: by then they may be in.
  const held = (target: Array<EventMirrorRow | undefined>, position: number): EventMirrorRow => {
    const kept = target[position];
    if (kept) return kept;
    const row = rowAt(source, position);
    if (!pendingRows.has(row)) target[position] = row;
    return row;
  };
  const list = new Proxy(rows, {
    get(target, key, receiver) {
      const position = positionOf(key, count);
      if (position < 0) return Reflect.get(target, key, receiver) as unknown;
      return held(target, position);
    },
    // Array methods (some, map, filter, forEach) skip positions that are not "in" the array.
    has(target, key) {
      return positionOf(key, count) >= 0 || Reflect.has(target, key);
    },
    getOwnPropertyDescriptor(target, key) {
      const position = positionOf(key, count);
      if (position < 0) return Reflect.getOwnPropertyDescriptor(target, key);
      return { value: held(target, position), writable: true, enumerable: true, configurable: true };
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

/** The message at a position without building its row; undefined for a list that is not lazy or whose texts are not read yet. */
function eventMessageReader(events: readonly object[]): ((position: number) => string) | undefined {
  const source = sourceOfList.get(events);
  const texts = source?.texts;
  if (!source || !texts) return undefined;
  const { chunkOf, indexOf, loose } = source;
  return (position) => {
    const chunk = chunkOf[position] as number;
    const index = indexOf[position] as number;
    return chunk < 0 ? (loose[index] as EventMirrorRow).message : textAt(texts[chunk] as ChunkTexts, index);
  };
}

/** True for a row whose message is still being read from this device: show that, not its empty message. */
export function eventMessagePending(event: object): boolean {
  return pendingRows.has(event);
}

/** True while a lazy list's messages are still being read (a search over them has to wait). */
export function eventTextsPending(events: readonly object[]): boolean {
  const source = sourceOfList.get(events);
  return source !== undefined && source.texts === undefined;
}

/** The same list with its chunks' texts: same columns and positions, so the pictures need not redraw. */
export function withChunkTexts(events: readonly object[], texts: readonly ChunkTexts[]): EventMirrorRow[] | undefined {
  const source = sourceOfList.get(events);
  return source ? lazyEventList({ ...source, texts }) : undefined;
}

/** The positions of the events that carry extra data (HAR phases…); undefined for a list that is not lazy. */
export function eventExtraPositions(events: readonly object[]): Uint32Array | undefined {
  return sourceOfList.get(events)?.extraPositions;
}

/** What the event filter reads instead of rows (domain/events/event-filter.ts); undefined for a list that is not lazy. */
export function eventFilterColumns(events: readonly object[]): FilterableColumns | undefined {
  const source = sourceOfList.get(events);
  // Without texts yet, the filter reads no message (the page does not search until they are in).
  const messageAt = eventMessageReader(events) ?? (() => '');
  return source ? { ...source.columns, messageAt } : undefined;
}

/** The position of the event `eventID` (-1 when absent), found in the ids column when the list is lazy. */
export function eventPositionOfID(events: readonly { id: number }[], eventID: number): number {
  const ids = sourceOfList.get(events)?.columns.ids;
  if (!ids) return events.findIndex((event) => event.id === eventID);
  const length = events.length;
  for (let position = 0; position < length; position += 1) if (ids[position] === eventID) return position;
  return -1;
}
