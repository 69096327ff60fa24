/*
 * The input of every importer: bytes, whole or as chunks (a File's stream in the worker, a Node
 * stream on the server), read once, counted for the progress bar, cancellation checked per chunk.
 */
import { ImportError } from './import-error.ts';

interface ByteStreamReader {
  read(): Promise<{ done: boolean; value?: Uint8Array | undefined }>;
  releaseLock(): void;
}
/** A web ReadableStream, which Safari cannot iterate with for await. */
interface ByteStreamLike {
  getReader(): ByteStreamReader;
}
export type ImportInput = Uint8Array | Iterable<Uint8Array> | AsyncIterable<Uint8Array> | ByteStreamLike;

interface ByteChunkOptions {
  readonly signal?: AbortSignal | undefined;
  /** Called with the running byte count after each chunk. */
  readonly onBytes?: ((bytesRead: number) => void) | undefined;
}

// Big chunks are cut so progress moves and no single decode makes a 100 MB string.
const MAX_CHUNK_BYTES = 1 << 20;

export async function* byteChunks(input: ImportInput, options: ByteChunkOptions = {}): AsyncGenerator<Uint8Array> {
  const { signal, onBytes } = options;
  signal?.throwIfAborted();
  let bytesRead = 0;
  for await (const chunk of source(input)) {
    for (let start = 0; start < chunk.byteLength; start += MAX_CHUNK_BYTES) {
      signal?.throwIfAborted();
      const piece = chunk.byteLength <= MAX_CHUNK_BYTES ? chunk : chunk.subarray(start, start + MAX_CHUNK_BYTES);
      bytesRead += piece.byteLength;
      onBytes?.(bytesRead);
      yield piece;
    }
  }
  signal?.throwIfAborted();
}

async function* source(input: ImportInput): AsyncGenerator<Uint8Array> {
  // NOTE: a Uint8Array is itself iterable (of numbers), so it is tested first.
  if (input instanceof Uint8Array) {
    yield input;
  } else if ('getReader' in input) {
    const reader = input.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        if (value !== undefined) yield value;
      }
    } finally {
      reader.releaseLock();
    }
  } else {
    yield* input;
  }
}

/**
 * The first chunk, to tell a compressed file by its magic bytes, and every chunk again from it;
 * undefined for no bytes at all.
 */
export async function firstChunk(
  bytes: AsyncIterable<Uint8Array>,
): Promise<{ first: Uint8Array; all: AsyncGenerator<Uint8Array> } | undefined> {
  const iterator = bytes[Symbol.asyncIterator]();
  const first = await iterator.next();
  if (first.done === true) return undefined;
  const all = (async function* () {
    yield first.value;
    for (let next = await iterator.next(); next.done !== true; next = await iterator.next()) yield next.value;
  })();
  return { first: first.value, all };
}

// An XML declaration's encoding (XML 1.0, appendix F): GPX, KML and TCX from OziExplorer, CompeGPS
// and older European tools are ISO-8859-1 or windows-1252, their names' accents unreadable as UTF-8.
const XML_DECLARATION = /^<\?xml[^>]*?\sencoding\s*=\s*["']([A-Za-z0-9._:-]{1,40})["']/;
const XML_START = '<?xml';
const DECLARATION_BYTES = 256;

/** Whether the first bytes may still turn out to name an encoding (an XML declaration not yet closed). */
function declarationPending(head: Uint8Array): boolean {
  if (head.byteLength < 2) return true;
  if (head.byteLength >= DECLARATION_BYTES || head.includes(0x3e)) return false;
  const start = String.fromCharCode(...head.subarray(0, XML_START.length));
  return XML_START.startsWith(start);
}

/** The encoding an XML declaration names, when TextDecoder knows it and it is not a Unicode one. */
function declaredEncoding(firstBytes: Uint8Array): string | undefined {
  const start = String.fromCharCode(...firstBytes.subarray(0, DECLARATION_BYTES));
  const label = XML_DECLARATION.exec(start)?.[1]?.toLowerCase();
  if (label === undefined || label.startsWith('utf') || label.startsWith('ucs')) return undefined;
  try {
    return new TextDecoder(label).encoding;
  } catch {
    return undefined;
  }
}

/** How far into a file of plain ASCII a first byte above 127 may still tell its encoding. */
const SNIFF_BYTES = 1 << 20;

/** The length of the UTF-8 sequence a lead byte starts (2-4), or 0 for a byte no sequence starts with. */
const sequenceLength = (byte: number) =>
  byte >= 0xc2 && byte <= 0xdf ? 2 : byte >= 0xe0 && byte <= 0xef ? 3 : byte >= 0xf0 && byte <= 0xf4 ? 4 : 0;

/**
 * Whether the first bytes read as a legacy Windows code page rather than UTF-8: bytes above 127 that
 * make no UTF-8 character, and none that make one. Windows tools without a byte order mark or a
 * declaration (OziExplorer, ANSI exports, old IIS and application logs) write windows-1252, and a
 * name's "é" is one byte there; one stray byte in a UTF-8 file that also holds real UTF-8 characters
 * leaves it UTF-8 (that byte alone becomes U+FFFD). A sequence cut by the end of the sample counts for
 * nothing.
 */
function legacyCodePage(bytes: Uint8Array): boolean {
  let valid = 0;
  let invalid = 0;
  for (let at = 0; at < bytes.byteLength; at += 1) {
    const byte = bytes[at]!;
    if (byte < 0x80) continue;
    const length = sequenceLength(byte);
    if (length === 0) {
      invalid += 1;
      continue;
    }
    if (at + length > bytes.byteLength) break;
    let continued = true;
    for (let next = 1; next < length; next += 1) continued &&= (bytes[at + next]! & 0xc0) === 0x80;
    if (!continued) {
      invalid += 1;
      continue;
    }
    valid += 1;
    at += length - 1;
  }
  return invalid > 0 && valid === 0;
}

/**
 * The encoding a byte order mark names, UTF-16 LE (FF FE) or BE (FE FF); without one, the encoding an
 * XML declaration names; windows-1252 when the first bytes are not UTF-8 and hold no UTF-8 character
 * (legacyCodePage); UTF-8 otherwise.
 */
function encodingOf(firstBytes: Uint8Array): string {
  if (firstBytes[0] === 0xff && firstBytes[1] === 0xfe) return 'utf-16le';
  if (firstBytes[0] === 0xfe && firstBytes[1] === 0xff) return 'utf-16be';
  const declared = firstBytes[0] === 0x3c ? declaredEncoding(firstBytes) : undefined;
  return declared ?? (legacyCodePage(firstBytes) ? 'windows-1252' : 'utf-8');
}

/** The start of a file as text, in the encoding its byte order mark names (for detection). */
export function decodeStart(firstBytes: Uint8Array): string {
  // stream: true leaves a character cut at the end of the sample undecoded instead of U+FFFD.
  return new TextDecoder(encodingOf(firstBytes)).decode(firstBytes, { stream: true });
}

/**
 * NUL characters dropped: they mean nothing in text, and a log a crash cut is padded with them up to
 * where the next boot's lines go on (detectFormat tells such a file from a binary one).
 */
const withoutNuls = (text: string) => (text.includes('\u0000') ? text.replaceAll('\u0000', '') : text);

/**
 * Text in pieces; a character split across chunks is kept whole, a BOM dropped, NULs dropped. UTF-8
 * unless the first bytes are a UTF-16 byte order mark (Sophos writes UTF-16 LE) or an XML declaration
 * naming another encoding.
 */
export async function* textChunks(bytes: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  // TextDecoder drops a leading BOM (ignoreBOM defaults to false) and replaces invalid bytes with U+FFFD.
  let decoder: InstanceType<typeof TextDecoder> | undefined;
  let head: Uint8Array | undefined;
  // UTF-8 taken for a start of plain ASCII: the first byte above 127 in the next chunks may still say
  // windows-1252 (switching loses nothing, since ASCII reads the same in both).
  let sniffed = 0;
  for await (const chunk of bytes) {
    if (decoder === undefined) {
      // A BOM needs two bytes, an XML declaration its closing ">": a shorter first chunk waits for the next.
      head = head === undefined ? chunk : concat(head, chunk);
      if (declarationPending(head)) continue;
      const encoding = encodingOf(head);
      decoder = new TextDecoder(encoding);
      sniffed = encoding === 'utf-8' && !head.some((byte) => byte >= 0x80) ? head.byteLength : SNIFF_BYTES;
      const text = withoutNuls(decoder.decode(head, { stream: true }));
      head = undefined;
      if (text !== '') yield text;
      continue;
    }
    if (sniffed < SNIFF_BYTES) {
      sniffed = chunk.some((byte) => byte >= 0x80) ? SNIFF_BYTES : sniffed + chunk.byteLength;
      if (sniffed === SNIFF_BYTES && legacyCodePage(chunk)) decoder = new TextDecoder('windows-1252');
    }
    const text = withoutNuls(decoder.decode(chunk, { stream: true }));
    if (text !== '') yield text;
  }
  decoder ??= new TextDecoder(head === undefined ? 'utf-8' : encodingOf(head));
  const rest = withoutNuls(head === undefined ? decoder.decode() : decoder.decode(head));
  if (rest !== '') yield rest;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const joined = new Uint8Array(a.byteLength + b.byteLength);
  joined.set(a);
  joined.set(b, a.byteLength);
  return joined;
}

/** The whole input in one buffer, for formats that are one document (HAR, zip); refused above maxBytes. */
export async function readAllBytes(
  bytes: AsyncIterable<Uint8Array>,
  maxBytes: number,
  what: string,
): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of bytes) {
    total += chunk.byteLength;
    if (total > maxBytes) {
      throw new ImportError(
        'too-large',
        `${what} is larger than ${formatBytes(maxBytes)}, the most this importer reads into memory`,
      );
    }
    parts.push(chunk);
  }
  if (parts.length === 1 && parts[0] !== undefined) return parts[0];
  return joinBytes(parts, total);
}

/** The parts one after another in one array of `total` bytes (their summed length). */
export function joinBytes(parts: readonly Uint8Array[], total: number): Uint8Array {
  const whole = new Uint8Array(total);
  let offset = 0;
  for (const part of parts) {
    whole.set(part, offset);
    offset += part.byteLength;
  }
  return whole;
}

export function formatBytes(bytes: number): string {
  return bytes >= 1 << 20 ? `${Math.round(bytes / (1 << 20))} MiB` : `${Math.round(bytes / 1024)} KiB`;
}
