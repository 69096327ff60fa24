/*
 * COPY text written as UTF-8 bytes straight into a buffer (held-rows.ts): the import's parse worker keeps
 * up to 200,000 rows while the file is kept, and held as strings and row objects they were what its
 * garbage collector spent most on (copied through scavenges, then traced again and again in the old
 * generation); as bytes they are one buffer outside the heap.
 */

export const TAB = 0x09;
export const NEWLINE = 0x0a;

/** A growable byte buffer written from the front. */
export class CopyBytes {
  bytes: Buffer;
  length = 0;

  constructor(capacity: number) {
    // Not from the pool: the buffer is handed to another thread in the transfer list.
    this.bytes = Buffer.allocUnsafeSlow(Math.max(capacity, 64));
  }

  /** Room for `more` bytes after `length`. */
  reserve(more: number): Buffer {
    const needed = this.length + more;
    if (needed > this.bytes.length) {
      const grown = Buffer.allocUnsafeSlow(Math.max(needed, this.bytes.length * 2));
      this.bytes.copy(grown, 0, 0, this.length);
      this.bytes = grown;
    }
    return this.bytes;
  }

  /** Room for a string's UTF-8 (at most 3 bytes per UTF-16 unit) and `more` bytes besides. */
  reserveText(text: string, more = 0): Buffer {
    return this.reserve(text.length * 3 + more);
  }
}

/** Bytes a number's text takes at most: a safe integer's 17 with its sign; any other number's String() 24. */
export const NUMBER_BYTES = 24;

/**
 * Writes `value` as `${value}` would, at `at`, and answers the end. Whole numbers (every id, time and
 * line of an import) digit by digit; anything else (never seen, kept exact) through String().
 */
export function writeNumber(bytes: Buffer, at: number, value: number): number {
  if (!Number.isSafeInteger(value)) return at + bytes.write(String(value), at, 'latin1');
  let rest = value;
  if (rest < 0) {
    bytes[at++] = 0x2d;
    rest = -rest;
  }
  let digits = 1;
  for (let power = 10; power <= rest; power *= 10) digits += 1;
  const end = at + digits;
  let position = end;
  do {
    const quotient = Math.floor(rest / 10);
    bytes[--position] = 0x30 + (rest - quotient * 10);
    rest = quotient;
  } while (rest > 0);
  return end;
}

/**
 * Writes `text` as a COPY text field in UTF-8 at `at` (3 bytes a UTF-16 unit reserved) and answers the end:
 * backslash, tab, newline and return escaped and NUL left out, as messageText (copy-fields.ts) does, lone
 * surrogates as U+FFFD, as TextEncoder does. One pass, no string or regular expression made on the way.
 */
export function writeCopyText(bytes: Buffer, at: number, text: string): number {
  const length = text.length;
  for (let index = 0; index < length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 0x80) {
      if (code > 0x5c || (code > 0x0d && code !== 0x5c)) bytes[at++] = code;
      else if (code === 0x5c) {
        bytes[at++] = 0x5c;
        bytes[at++] = 0x5c;
      } else if (code === 0x09) {
        bytes[at++] = 0x5c;
        bytes[at++] = 0x74;
      } else if (code === 0x0a) {
        bytes[at++] = 0x5c;
        bytes[at++] = 0x6e;
      } else if (code === 0x0d) {
        bytes[at++] = 0x5c;
        bytes[at++] = 0x72;
      } else if (code !== 0) bytes[at++] = code;
    } else if (code < 0x800) {
      bytes[at++] = 0xc0 | (code >> 6);
      bytes[at++] = 0x80 | (code & 0x3f);
    } else if (
      code >= 0xd800 &&
      code < 0xdc00 &&
      index + 1 < length &&
      (text.charCodeAt(index + 1) & 0xfc00) === 0xdc00
    ) {
      const point = 0x10000 + ((code - 0xd800) << 10) + (text.charCodeAt((index += 1)) - 0xdc00);
      bytes[at++] = 0xf0 | (point >> 18);
      bytes[at++] = 0x80 | ((point >> 12) & 0x3f);
      bytes[at++] = 0x80 | ((point >> 6) & 0x3f);
      bytes[at++] = 0x80 | (point & 0x3f);
    } else {
      // A lone surrogate is U+FFFD.
      const point = code >= 0xd800 && code < 0xe000 ? 0xfffd : code;
      bytes[at++] = 0xe0 | (point >> 12);
      bytes[at++] = 0x80 | ((point >> 6) & 0x3f);
      bytes[at++] = 0x80 | (point & 0x3f);
    }
  }
  return at;
}

/**
 * Copies `source[from, to)` to `at` of `bytes` and answers the end: a few bytes by a loop, more (a row's middle)
 * through a plain Uint8Array view and set(), a memcpy: about 2.5x faster than the loop at 110 bytes, slower under
 * about 40 (a view is made each time; not Buffer's subarray, whose species lookup costs more than the copy).
 */
export function writeBytes(bytes: Uint8Array, at: number, source: Uint8Array, from = 0, to = source.length): number {
  if (to - from > 48) {
    bytes.set(new Uint8Array(source.buffer, source.byteOffset + from, to - from), at);
    return at + to - from;
  }
  for (let index = from; index < to; index += 1) bytes[at++] = source[index]!;
  return at;
}
