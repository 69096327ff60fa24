/*
 * Events as columns: the form event pages travel in when a client asks for it (the columnar wire)
 * and the form the browser's mirror keeps a large incident in. One typed array per number column,
 * every message in one string with offsets, so a page of 10,000 events is a handful of objects.
 */
import { numberColumnsLayout, type EventListColumns } from './event-list-columns.ts';

/** The media type a client names in Accept to get event pages as columns (server/wire encodes it). */
export const EVENT_COLUMNS_MEDIA_TYPE = 'application/vnd.churchkey.event-columns';

/** Bumped whenever the frame's layout changes: a reader refuses any other. */
export const EVENT_COLUMNS_FORMAT_VERSION = 1;

/** "CKEC" read as a little-endian u32: the first four bytes of every frame. */
export const EVENT_COLUMNS_MAGIC = 0x43454b43;

/** Bytes before the first column: magic, version, reserved, count, and three section lengths. */
export const EVENT_COLUMNS_HEADER_BYTES = 24;

/** An event list's number columns, exactly `count` long, with the messages and extras beside them. */
export interface EventColumns extends EventListColumns {
  /** Every message one after another; message i is messageText.slice(offsets[i], offsets[i + 1]). */
  messageText: string;
  /** count + 1 offsets in UTF-16 code units. */
  messageOffsets: Uint32Array;
  /** The few events with extra data (HAR timings, other columns): their positions and values. */
  extraPositions: Uint32Array;
  extras: unknown[];
}

/** Where each column starts in a frame of `count` events, and where the variable-length sections start. */
export function eventColumnsLayout(count: number): {
  ids: number;
  starts: number;
  ends: number;
  streams: number;
  actors: number;
  offsets: number;
  markers: number;
  tail: number;
} {
  const { end: offsets, ...numbers } = numberColumnsLayout(EVENT_COLUMNS_HEADER_BYTES, count);
  const markers = offsets + 4 * (count + 1);
  return { ...numbers, offsets, markers, tail: markers + count };
}
