/*
 * The held rows of held-rows.ts as columns: each row's COPY middle (message, start, end, extra) in one
 * byte buffer, its line, actor, stream and flags in typed arrays, names by their index in a table. Rows
 * are added at the end and let go from the front; the space of those let go is reused once it is most
 * of the buffer, so each byte moves at most once more on average.
 */
import { CopyBytes, writeBytes } from './copy-bytes.ts';

export const MARKER_SET = 1;
export const IS_MARKER = 2;
export const BOT_SET = 4;
export const IS_BOT = 8;
/** A row whose record names no stream (the import's default stream). */
export const NO_STREAM = -1;

/** Rows let go before their space is reused at the least. */
const MIN_RELEASED_ROWS = 4096;

/** Names (actors, streams) by a small index: a row keeps the index, not the string. */
class NameTable {
  readonly #names: string[] = [];
  readonly #index = new Map<string, number>();

  index(name: string): number {
    let index = this.#index.get(name);
    if (index === undefined) {
      index = this.#names.length;
      this.#names.push(name);
      this.#index.set(name, index);
    }
    return index;
  }

  name(index: number): string {
    return this.#names[index]!;
  }

  /** A lookup of each name's bytes as `encode` makes them, each made once (for one take). */
  encoded(encode: (name: string) => Buffer): (index: number) => Buffer {
    const made: (Buffer | undefined)[] = [];
    return (index) => (made[index] ??= encode(this.#names[index]!));
  }
}

export class HeldRowColumns {
  readonly actors = new NameTable();
  readonly streams = new NameTable();
  readonly middle = new CopyBytes(1 << 20);
  line = new Float64Array(1024);
  actor = new Int32Array(1024);
  stream = new Int32Array(1024);
  flags = new Uint8Array(1024);
  /** Where each row's middle ends in `middle`; it starts where the row before it ends (0 for the first slot). */
  #ends = new Float64Array(1024);
  /** The slot of the next row to take. */
  first = 0;
  /** Slots in use. */
  count = 0;

  /** A new row's numbers; its middle follows in `middle` and ended() marks its end. Answers its slot. */
  add(line: number, actor: number, stream: number, flags: number): number {
    if (this.count === this.line.length) this.#grow();
    const slot = this.count;
    this.count += 1;
    this.line[slot] = line;
    this.actor[slot] = actor;
    this.stream[slot] = stream;
    this.flags[slot] = flags;
    return slot;
  }

  ended(slot: number): void {
    this.#ends[slot] = this.middle.length;
  }

  /** Bytes of the middles of slots [from, to). */
  middleBytes(from: number, to: number): number {
    return to > from ? this.#ends[to - 1]! - this.#start(from) : 0;
  }

  /** Copies a row's middle to `at` of `bytes` and answers the end. */
  writeMiddle(bytes: Buffer, at: number, slot: number): number {
    return writeBytes(bytes, at, this.middle.bytes, this.#start(slot), this.#ends[slot]!);
  }

  /** The rows before slot `to` are taken. */
  release(to: number): void {
    this.first = to;
    if (this.first === this.count) {
      this.first = this.count = this.middle.length = 0;
      return;
    }
    const from = this.#start(this.first);
    if (this.first < MIN_RELEASED_ROWS || from < this.middle.length / 2) return;
    const kept = this.count - this.first;
    this.middle.bytes.copy(this.middle.bytes, 0, from, this.middle.length);
    this.middle.length -= from;
    for (const column of [this.line, this.actor, this.stream, this.flags, this.#ends])
      column.copyWithin(0, this.first, this.count);
    for (let slot = 0; slot < kept; slot += 1) this.#ends[slot]! -= from;
    this.first = 0;
    this.count = kept;
  }

  #start(slot: number): number {
    return slot === 0 ? 0 : this.#ends[slot - 1]!;
  }

  #grow(): void {
    const size = this.line.length * 2;
    const grown = <T extends Float64Array | Int32Array | Uint8Array>(column: T, make: (size: number) => T): T => {
      const bigger = make(size);
      bigger.set(column);
      return bigger;
    };
    this.line = grown(this.line, (n) => new Float64Array(n));
    this.actor = grown(this.actor, (n) => new Int32Array(n));
    this.stream = grown(this.stream, (n) => new Int32Array(n));
    this.flags = grown(this.flags, (n) => new Uint8Array(n));
    this.#ends = grown(this.#ends, (n) => new Float64Array(n));
  }
}
