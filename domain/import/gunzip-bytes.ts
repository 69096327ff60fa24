/*
 * Rotated logs come gzipped (syslog.2.gz, access.log.1.gz, a JSON export .json.gz), and tracks too
 * (.gpx.gz): every family reads them as their inflated bytes, inflated as they stream (every member of
 * a concatenated .gz), so memory follows a chunk. The inflated total and the ratio are capped against bombs.
 */
import { Gunzip } from 'fflate';
import { firstChunk, formatBytes, joinBytes } from './byte-chunks.ts';
import { ImportError } from './import-error.ts';

/** A gzip member starts 1F 8B with the deflate method (8). */
export function isGzip(bytes: Uint8Array): boolean {
  return bytes.length >= 3 && bytes[0] === 0x1f && bytes[1] === 0x8b && bytes[2] === 0x08;
}

/** A file name without its .gz (or .gzip) ending, so the inner name's extension still counts. */
export function withoutGzipExtension(fileName: string): string {
  return fileName.replace(/\.(?:gz|gzip)$/i, '');
}

/** The start of the inflated text of a gzip file's first bytes, at most maxBytes (for detection). */
export function gunzipStart(firstBytes: Uint8Array, maxBytes: number): Uint8Array {
  const parts: Uint8Array[] = [];
  let length = 0;
  const gunzip = new Gunzip((data) => {
    if (length < maxBytes && data.length > 0) {
      parts.push(data.subarray(0, maxBytes - length));
      length += Math.min(data.length, maxBytes - length);
    }
  });
  try {
    // Not final: the sample is usually cut mid-stream, which is not an error here. Fed 1 KiB at a time and
    // stopped once maxBytes came: 64 KiB of a gzip bomb inflated whole is 64 MiB and seconds of the thread.
    for (let at = 0; at < firstBytes.length && length < maxBytes; at += 1024)
      gunzip.push(firstBytes.subarray(at, at + 1024), false);
  } catch (error) {
    if (length === 0)
      throw new ImportError('invalid-file', `is named or marked as gzip but cannot be unpacked (${String(error)})`);
  }
  return joinBytes(parts, length);
}

/** Unpacks every gzip member of a stream; the server gives Node's zlib, which unpacks off its thread. */
export type Inflate = (packed: AsyncIterable<Uint8Array>) => AsyncIterable<Uint8Array>;

export interface GunzipLimits {
  readonly maxInflatedBytes: number;
  /** The server's setting that raises the limit, named in its refusal. */
  readonly settingName?: string | undefined;
  /** Who unpacks; fflate in this thread unless given (a function: never sent to a worker). */
  readonly inflate?: Inflate | undefined;
}

function tooLarge(limits: GunzipLimits): ImportError {
  const setting = limits.settingName === undefined ? '' : ` (${limits.settingName})`;
  return new ImportError(
    'zip-bomb',
    `The gzip file would unpack to more than ${formatBytes(limits.maxInflatedBytes)}, the most one import takes${setting}`,
  );
}

const damaged = (total: number, detail: string) =>
  new ImportError('truncated', `The gzip file is damaged or cut off after ${formatBytes(total)} of text (${detail})`);

/** The given inflater's output, capped as it comes out; its own failures (not ours) said as a damaged file. */
async function* inflatedBy(
  inflate: Inflate,
  chunks: AsyncIterable<Uint8Array>,
  limits: GunzipLimits,
): AsyncGenerator<Uint8Array> {
  let total = 0;
  const out = inflate(chunks)[Symbol.asyncIterator]();
  for (;;) {
    let next: IteratorResult<Uint8Array>;
    try {
      next = await out.next();
    } catch (error) {
      throw error instanceof ImportError
        ? error
        : damaged(total, error instanceof Error ? error.message : String(error));
    }
    if (next.done) return;
    total += next.value.byteLength;
    if (total > limits.maxInflatedBytes) {
      await out.return?.();
      throw tooLarge(limits);
    }
    yield next.value;
  }
}

async function* inflated(chunks: AsyncIterable<Uint8Array>, limits: GunzipLimits): AsyncGenerator<Uint8Array> {
  const ready: Uint8Array[] = [];
  let total = 0;
  let failure: unknown;
  const gunzip = new Gunzip((data) => {
    total += data.length;
    if (data.length > 0) ready.push(data);
  });
  const push = (chunk: Uint8Array, final: boolean) => {
    try {
      gunzip.push(chunk, final);
    } catch (error) {
      failure = error;
    }
  };
  const drain = function* () {
    if (total > limits.maxInflatedBytes) throw tooLarge(limits);
    while (ready.length > 0) yield ready.shift()!;
    if (failure !== undefined) throw damaged(total, String(failure));
  };
  for await (const chunk of chunks) {
    push(chunk, false);
    yield* drain();
  }
  push(new Uint8Array(0), true);
  yield* drain();
}

/** Unpacked ÷ packed past which a gzip file is refused, as the zip guard refuses an archive: logs and tracks compress 5-20×, deflate bombs about 1000×. */
const MAX_GZIP_RATIO = 100;
/** Below this much text a high ratio is harmless (a short file of repeated lines) and is not judged. */
const RATIO_FLOOR_BYTES = 16 * 2 ** 20;

/** The unpacked chunks, refused once they outgrow the packed bytes read so far by the ratio. */
async function* withinRatio(unpacked: AsyncIterable<Uint8Array>, packed: () => number): AsyncGenerator<Uint8Array> {
  let total = 0;
  for await (const chunk of unpacked) {
    total += chunk.byteLength;
    if (total > RATIO_FLOOR_BYTES && total > MAX_GZIP_RATIO * packed()) {
      throw new ImportError(
        'zip-bomb',
        `The gzip file would unpack to more than ${MAX_GZIP_RATIO}× its size (${formatBytes(total)} from ${formatBytes(packed())} so far); more than ${MAX_GZIP_RATIO}× looks like a zip bomb`,
      );
    }
    yield chunk;
  }
}

async function* counted(chunks: AsyncIterable<Uint8Array>, onBytes: (bytes: number) => void) {
  for await (const chunk of chunks) {
    onBytes(chunk.byteLength);
    yield chunk;
  }
}

/**
 * The bytes as they are, or inflated when they start as gzip: capped at limits.maxInflatedBytes, and a
 * gzip bomb refused by its ratio as soon as it shows, before a parser reads a gigabyte of its padding.
 */
export async function* gunzipIfCompressed(
  bytes: AsyncIterable<Uint8Array>,
  limits: GunzipLimits,
): AsyncGenerator<Uint8Array> {
  const start = await firstChunk(bytes);
  if (start === undefined) return;
  const { first, all } = start;
  if (!isGzip(first)) return yield* all;
  let packed = 0;
  const counting = counted(all, (count) => (packed += count));
  const out = limits.inflate ? inflatedBy(limits.inflate, counting, limits) : inflated(counting, limits);
  yield* withinRatio(out, () => packed);
}
