/*
 * The bytes of a journalctl -o export file cut into its lines and length-prefixed values. A value
 * holding a newline or control bytes is written as the field name alone on its line, a little-endian
 * 64-bit length, that many raw bytes and a newline: the length, not a blank line, says where it ends
 * (a stack trace's blank line is no entry's end). Text decoding loses the length (NULs dropped, bytes
 * above 0x7f replaced), so this reads bytes.
 */

type ExportUnit =
  | { readonly kind: 'line'; readonly line: number; readonly text: string }
  /** A length-prefixed value: its bytes when at most maxValueBytes, else only their count. */
  | {
      readonly kind: 'value';
      readonly line: number;
      readonly name: string;
      readonly bytes?: Uint8Array;
      readonly size: number;
    }
  /** A line longer than maxValueBytes, dropped up to its newline. */
  | { readonly kind: 'runaway'; readonly line: number };

const NEWLINE = 10;
const BINARY_NAME = /^[A-Z0-9_]{1,64}$/;

/** Buffered bytes with a cursor; `more` appends the next chunk, false at the end of the input. */
class ByteCursor {
  buffer = new Uint8Array(0);
  pos = 0;
  line = 1;
  private readonly iterator: AsyncIterator<Uint8Array>;
  constructor(bytes: AsyncIterable<Uint8Array>) {
    this.iterator = bytes[Symbol.asyncIterator]();
  }
  get available(): number {
    return this.buffer.length - this.pos;
  }
  async more(): Promise<boolean> {
    const next = await this.iterator.next();
    if (next.done === true) return false;
    // Only the unread rest is kept, so a buffer never outgrows one bounded unit plus a chunk.
    const rest = this.buffer.subarray(this.pos);
    const joined = new Uint8Array(rest.length + next.value.length);
    joined.set(rest);
    joined.set(next.value, rest.length);
    this.buffer = joined;
    this.pos = 0;
    return true;
  }
  take(count: number): Uint8Array {
    const taken = this.buffer.subarray(this.pos, this.pos + count);
    this.pos += taken.length;
    for (const byte of taken) if (byte === NEWLINE) this.line += 1;
    return taken;
  }
}

/**
 * Lines (CR before the newline and NULs dropped, as text decoding does) and values, in file order.
 * Nothing unbounded is buffered: a line or a value past maxValueBytes is stepped over.
 */
export async function* journalExportUnits(
  bytes: AsyncIterable<Uint8Array>,
  maxValueBytes: number,
): AsyncGenerator<ExportUnit> {
  const cursor = new ByteCursor(bytes);
  const decoder = new TextDecoder();
  let ended = false;
  const more = async () => {
    if (!ended) ended = !(await cursor.more());
    return !ended;
  };
  for (;;) {
    let end = cursor.buffer.indexOf(NEWLINE, cursor.pos);
    while (end === -1 && cursor.available <= maxValueBytes && (await more()))
      end = cursor.buffer.indexOf(NEWLINE, cursor.pos);
    if (end === -1 && cursor.available > maxValueBytes) {
      const line = cursor.line;
      while (cursor.buffer.indexOf(NEWLINE, cursor.pos) === -1) {
        cursor.take(cursor.available);
        if (!(await more())) return;
      }
      cursor.take(cursor.buffer.indexOf(NEWLINE, cursor.pos) + 1 - cursor.pos);
      yield { kind: 'runaway', line };
      continue;
    }
    if (cursor.available === 0) return;
    const line = cursor.line;
    const raw = cursor.take(end === -1 ? cursor.available : end + 1 - cursor.pos);
    // A fresh decode per line: a BOM at the file's start is dropped as text decoding does.
    let text = decoder.decode(raw).replace(/\r?\n$/, '');
    if (text.includes('\u0000')) text = text.replaceAll('\u0000', '');
    if (!BINARY_NAME.test(text)) {
      yield { kind: 'line', line, text };
      continue;
    }
    const value = await lengthPrefixed(cursor, more, maxValueBytes);
    if (value === undefined) yield { kind: 'line', line, text };
    else yield { kind: 'value', line, name: text, ...value };
  }
}

/**
 * The value after a field name standing alone: undefined when the 8 bytes there are no plausible
 * length or the byte after the value is not its newline (a file a text tool changed), so the caller
 * falls back to reading lines.
 */
async function lengthPrefixed(
  cursor: ByteCursor,
  more: () => Promise<boolean>,
  maxValueBytes: number,
): Promise<{ bytes?: Uint8Array; size: number } | undefined> {
  while (cursor.available < 8) if (!(await more())) return undefined;
  const view = new DataView(cursor.buffer.buffer, cursor.buffer.byteOffset + cursor.pos, 8);
  // A length past 2^32 bytes is no journal field: such "length" bytes are text.
  if (view.getUint32(4, true) !== 0) return undefined;
  const size = view.getUint32(0, true);
  if (size <= maxValueBytes) {
    while (cursor.available < 8 + size + 1) if (!(await more())) break;
    const after = cursor.buffer[cursor.pos + 8 + size];
    if (after !== NEWLINE && !(after === undefined && cursor.available === 8 + size)) return undefined;
    cursor.take(8);
    const value = cursor.take(size).slice();
    cursor.take(1);
    return { bytes: value, size };
  }
  // Too long to keep: stepped over as the length says, a chunk at a time.
  cursor.take(8);
  for (let left = size; left > 0;) {
    if (cursor.available === 0 && !(await more())) return { size };
    left -= cursor.take(Math.min(left, cursor.available)).length;
  }
  if (cursor.available > 0 || (await more())) cursor.take(1);
  return { size };
}
