/*
 * The columnar wire's encoder: a page of events as one binary frame (layout in
 * domain/events/event-columns.ts), sent when a client's Accept names EVENT_COLUMNS_MEDIA_TYPE. Numbers
 * go as typed arrays, messages as one UTF-8 blob, so the browser reads a page without JSON.parse.
 */
import {
  EVENT_COLUMNS_FORMAT_VERSION,
  EVENT_COLUMNS_MAGIC,
  EVENT_COLUMNS_MEDIA_TYPE,
  eventColumnsLayout,
} from '../../domain/events/event-columns.ts';
import type { FastifyReply } from 'fastify';
import type { EventRow } from '../../domain/event.ts';

/** What travels beside the columns (the JSON page's other fields). */
interface EventColumnsMeta {
  nextCursor: string | null;
  version: string;
}

/** Whether the request's Accept asks for the columnar frame (JSON stays the default). */
export function acceptsEventColumns(accept: string | undefined): boolean {
  return accept !== undefined && accept.toLowerCase().includes(EVENT_COLUMNS_MEDIA_TYPE);
}

/** Sends a frame past the route's JSON response schema (a Buffer is never serialised). */
export function sendEventColumns(reply: FastifyReply, frame: Buffer): FastifyReply {
  return reply.type(EVENT_COLUMNS_MEDIA_TYPE).send(frame);
}

const INT32_MAX = 2 ** 31 - 1;

export function encodeEventColumns(events: readonly EventRow[], meta: EventColumnsMeta): Buffer {
  const count = events.length;
  const messages: string[] = new Array<string>(count);
  const extras: Array<[number, unknown]> = [];
  for (let index = 0; index < count; index += 1) {
    const event = events[index]!;
    messages[index] = event.message;
    if (event.extra !== null) extras.push([index, event.extra]);
  }
  const messageBlob = Buffer.from(messages.join(''), 'utf8');
  // Named field by field: the route's JSON page (events and all) must never ride along as the details.
  const metaBlob = Buffer.from(JSON.stringify({ nextCursor: meta.nextCursor, version: meta.version }), 'utf8');
  const extrasBlob = Buffer.from(JSON.stringify(extras), 'utf8');
  const layout = eventColumnsLayout(count);
  const total = layout.tail + metaBlob.length + messageBlob.length + extrasBlob.length;
  // A fresh ArrayBuffer (not Node's pooled one) so every column sits at its aligned offset.
  const buffer = new ArrayBuffer(total);
  const header = new DataView(buffer);
  header.setUint32(0, EVENT_COLUMNS_MAGIC, true);
  header.setUint16(4, EVENT_COLUMNS_FORMAT_VERSION, true);
  header.setUint16(6, 0, true);
  header.setUint32(8, count, true);
  header.setUint32(12, metaBlob.length, true);
  header.setUint32(16, messageBlob.length, true);
  header.setUint32(20, extrasBlob.length, true);
  const ids = new Float64Array(buffer, layout.ids, count);
  const starts = new Float64Array(buffer, layout.starts, count);
  const ends = new Float64Array(buffer, layout.ends, count);
  const streams = new Int32Array(buffer, layout.streams, count);
  const actors = new Int32Array(buffer, layout.actors, count);
  const offsets = new Uint32Array(buffer, layout.offsets, count + 1);
  const markers = new Uint8Array(buffer, layout.markers, count);
  let offset = 0;
  for (let index = 0; index < count; index += 1) {
    const event = events[index]!;
    if (event.streamID > INT32_MAX || event.actorID > INT32_MAX)
      throw new Error(`event ${event.id}: a stream or actor id beyond the columnar wire's 32 bits`);
    ids[index] = event.id;
    starts[index] = event.startTimestamp;
    ends[index] = event.endTimestamp;
    streams[index] = event.streamID;
    actors[index] = event.actorID;
    markers[index] = event.isMarker ? 1 : 0;
    offsets[index] = offset;
    offset += event.message.length;
  }
  offsets[count] = offset;
  const bytes = new Uint8Array(buffer);
  let at = layout.tail;
  for (const blob of [metaBlob, messageBlob, extrasBlob]) {
    bytes.set(blob, at);
    at += blob.length;
  }
  return Buffer.from(buffer);
}
