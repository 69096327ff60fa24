/*
 * The layout of an incident's fast copy (event-numbers-copy.ts): its chunks' number buffers one after
 * another in one file, after a header naming each chunk's write stamp. The copy is used only when those
 * stamps are exactly the chunks' stamps in IndexedDB, so it can never stand in for a newer write.
 */
import { unpackEventChunkNumbers, type EventChunkNumbers } from '../../../domain/events/event-chunk-numbers.ts';

/** "CKN1": a file of another layout (or a torn one) is never read as this one. */
const MAGIC = 0x314e4b43;
/** Magic and the header's byte length (u32 each). */
const PREFIX_BYTES = 8;

/** A chunk as IndexedDB holds it: which page, the write it came from. */
export interface ChunkStamp {
  chunk: number;
  stamp: string;
}

interface HeaderEntry extends ChunkStamp {
  offset: number;
  bytes: number;
}

// Float64 views need their buffer's offsets aligned to 8 bytes.
const aligned = (bytes: number) => Math.ceil(bytes / 8) * 8;

/** The file's parts (for a Blob): header, then each chunk's numbers at an 8-byte boundary. */
export function eventNumbersFileParts(chunks: ReadonlyArray<ChunkStamp & { numbers: ArrayBuffer }>): ArrayBuffer[] {
  const entries: HeaderEntry[] = [];
  // The header's length depends on the offsets, which depend on it: lay out with room to spare.
  const draft = JSON.stringify(chunks.map(({ chunk, stamp, numbers }) => ({ chunk, stamp, offset: 0, bytes: numbers.byteLength })));
  const headerRoom = aligned(PREFIX_BYTES + new TextEncoder().encode(draft).length + 16 * chunks.length + 16);
  let offset = headerRoom;
  for (const { chunk, stamp, numbers } of chunks) {
    entries.push({ chunk, stamp, offset, bytes: numbers.byteLength });
    offset = aligned(offset + numbers.byteLength);
  }
  const json = new TextEncoder().encode(JSON.stringify(entries));
  if (PREFIX_BYTES + json.length > headerRoom) throw new Error('the fast copy\'s header outgrew its room');
  const header = new ArrayBuffer(headerRoom);
  new Uint32Array(header, 0, 2).set([MAGIC, json.length]);
  new Uint8Array(header, PREFIX_BYTES).set(json);
  const parts: ArrayBuffer[] = [header];
  let at = headerRoom;
  for (const { numbers } of chunks) {
    parts.push(numbers);
    at += numbers.byteLength;
    const padding = aligned(at) - at;
    if (padding > 0) parts.push(new ArrayBuffer(padding));
    at += padding;
  }
  return parts;
}

/** The stamps a copy was written at, from its first bytes; undefined when they are not such a header. */
export function eventNumbersFileStamps(bytes: ArrayBuffer): ChunkStamp[] | undefined {
  return readHeader(bytes)?.map(({ chunk, stamp }) => ({ chunk, stamp }));
}

/** How many leading bytes eventNumbersFileStamps needs, from the first 8. */
export function eventNumbersHeaderBytes(prefix: ArrayBuffer): number | undefined {
  if (prefix.byteLength < PREFIX_BYTES) return undefined;
  const [magic, length] = new Uint32Array(prefix, 0, 2);
  return magic === MAGIC ? PREFIX_BYTES + (length as number) : undefined;
}

function readHeader(bytes: ArrayBuffer): HeaderEntry[] | undefined {
  const headerBytes = eventNumbersHeaderBytes(bytes);
  if (headerBytes === undefined || headerBytes > bytes.byteLength) return undefined;
  try {
    const entries: unknown = JSON.parse(new TextDecoder().decode(new Uint8Array(bytes, PREFIX_BYTES, headerBytes - PREFIX_BYTES)));
    return Array.isArray(entries) ? (entries as HeaderEntry[]) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The chunks' numbers (views into `file`, no copy) when the file holds exactly the chunks `stamps`
 * names, in that order; undefined otherwise (an old copy, a torn or foreign file).
 */
export function eventNumbersOfFile(file: ArrayBuffer, stamps: readonly ChunkStamp[]): EventChunkNumbers[] | undefined {
  const entries = readHeader(file);
  if (!entries || entries.length !== stamps.length) return undefined;
  const chunks: EventChunkNumbers[] = [];
  for (const [index, entry] of entries.entries()) {
    const wanted = stamps[index] as ChunkStamp;
    if (entry.chunk !== wanted.chunk || entry.stamp !== wanted.stamp) return undefined;
    if (entry.offset % 8 !== 0 || entry.offset + entry.bytes > file.byteLength || entry.bytes < 8) return undefined;
    chunks.push(unpackEventChunkNumbers(file, entry.offset));
  }
  return chunks;
}
