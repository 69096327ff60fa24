/*
 * Reads a columnar frame (server/wire/event-columns-encoder.ts) back into EventColumns, checking the
 * magic, the format version and every length first, and turns columns into rows where a screen needs
 * objects. A frame that does not check out throws EventColumnsFormatError, never half a page.
 */
import {
  EVENT_COLUMNS_FORMAT_VERSION,
  EVENT_COLUMNS_HEADER_BYTES,
  EVENT_COLUMNS_MAGIC,
  eventColumnsLayout,
  type EventColumns,
} from './event-columns.ts';

export class EventColumnsFormatError extends Error {
  constructor(reason: string) {
    super(
      `The server sent events in a form this version of Churchkey cannot read (${reason}). Reload the page to update the app, then open the incident again.`,
    );
    this.name = 'EventColumnsFormatError';
  }
}

interface DecodedEventPage {
  columns: EventColumns;
  nextCursor: string | null;
  version: string;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

function text(bytes: Uint8Array, what: string): string {
  try {
    return utf8.decode(bytes);
  } catch {
    throw new EventColumnsFormatError(`its ${what} are not UTF-8`);
  }
}

function json(bytes: Uint8Array, what: string): unknown {
  try {
    return JSON.parse(text(bytes, what)) as unknown;
  } catch (error) {
    if (error instanceof EventColumnsFormatError) throw error;
    throw new EventColumnsFormatError(`its ${what} are not JSON`);
  }
}

export function decodeEventColumns(buffer: ArrayBuffer): DecodedEventPage {
  if (buffer.byteLength < EVENT_COLUMNS_HEADER_BYTES) throw new EventColumnsFormatError('the answer is too short');
  const header = new DataView(buffer);
  if (header.getUint32(0, true) !== EVENT_COLUMNS_MAGIC) throw new EventColumnsFormatError('it is not an event frame');
  const version = header.getUint16(4, true);
  if (version !== EVENT_COLUMNS_FORMAT_VERSION)
    throw new EventColumnsFormatError(`frame version ${version}, this app reads ${EVENT_COLUMNS_FORMAT_VERSION}`);
  const count = header.getUint32(8, true);
  const metaBytes = header.getUint32(12, true);
  const messageBytes = header.getUint32(16, true);
  const extrasBytes = header.getUint32(20, true);
  const layout = eventColumnsLayout(count);
  if (layout.tail + metaBytes + messageBytes + extrasBytes !== buffer.byteLength)
    throw new EventColumnsFormatError('its length does not match its header');
  const bytes = new Uint8Array(buffer);
  const metaStart = layout.tail;
  const messagesStart = metaStart + metaBytes;
  const extrasStart = messagesStart + messageBytes;
  const meta = json(bytes.subarray(metaStart, messagesStart), 'page details');
  if (
    typeof meta !== 'object' ||
    meta === null ||
    !('version' in meta) ||
    typeof meta.version !== 'string' ||
    !('nextCursor' in meta) ||
    (meta.nextCursor !== null && typeof meta.nextCursor !== 'string')
  ) {
    throw new EventColumnsFormatError('its page details are incomplete');
  }
  const messageText = text(bytes.subarray(messagesStart, extrasStart), 'messages');
  // Copies, not views: a column stored in IndexedDB clones its whole buffer, not just its part.
  const messageOffsets = new Uint32Array(buffer, layout.offsets, count + 1).slice();
  for (let index = 0; index < count; index += 1) {
    if ((messageOffsets[index] as number) > (messageOffsets[index + 1] as number))
      throw new EventColumnsFormatError('its message offsets go backwards');
  }
  if (messageOffsets[0] !== 0 || messageOffsets[count] !== messageText.length)
    throw new EventColumnsFormatError('its message offsets do not match its messages');
  const extraList = json(bytes.subarray(extrasStart), 'extra fields');
  if (!Array.isArray(extraList)) throw new EventColumnsFormatError('its extra fields are not a list');
  const extraPositions = new Uint32Array(extraList.length);
  const extras: unknown[] = new Array<unknown>(extraList.length);
  extraList.forEach((entry: unknown, index) => {
    if (
      !Array.isArray(entry) ||
      typeof entry[0] !== 'number' ||
      entry[0] >= count ||
      typeof entry[1] !== 'object' ||
      entry[1] === null
    )
      throw new EventColumnsFormatError('an extra field names no event');
    extraPositions[index] = entry[0];
    extras[index] = entry[1];
  });
  const columns: EventColumns = {
    count,
    ids: new Float64Array(buffer, layout.ids, count).slice(),
    startTimestamps: new Float64Array(buffer, layout.starts, count).slice(),
    endTimestamps: new Float64Array(buffer, layout.ends, count).slice(),
    streamIDs: new Int32Array(buffer, layout.streams, count).slice(),
    actorIDs: new Int32Array(buffer, layout.actors, count).slice(),
    isMarker: new Uint8Array(buffer, layout.markers, count).slice(),
    messageText,
    messageOffsets,
    extraPositions,
    extras,
  };
  return { columns, nextCursor: meta.nextCursor, version: meta.version };
}
