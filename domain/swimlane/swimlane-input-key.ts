/*
 * A fingerprint of a swimlane layout's input: every byte of its arrays and its column count, hashed,
 * so a layout cached on the device (src/data/layout-cache.ts) is reused exactly when the same events,
 * columns, colours and highlights would lay out again, whatever filter or revision produced them.
 */
import type { SwimlaneLayoutInput } from './swimlane-layout.ts';

/** Two 32-bit multiply-xorshift lanes over the arrays' words: ~1 ms per million events, 64 bits of key. */
function mix(words: Uint32Array, seed: [number, number]): void {
  let a = seed[0];
  let b = seed[1];
  for (let index = 0; index < words.length; index += 1) {
    const word = words[index] as number;
    a = Math.imul(a ^ word, 0x9e3779b1);
    a = (a << 13) | (a >>> 19);
    b = Math.imul(b ^ Math.imul(word, 0x85ebca77), 0xc2b2ae3d) + index;
    b = (b << 17) | (b >>> 15);
  }
  seed[0] = a;
  seed[1] = b;
}

/** A typed array's bytes as 32-bit words, zero-padded to a whole word. */
function wordsOf(array: Float64Array | Int32Array | Uint32Array | Uint8Array): Uint32Array {
  const padded = new Uint8Array(Math.ceil(array.byteLength / 4) * 4);
  padded.set(new Uint8Array(array.buffer, array.byteOffset, array.byteLength));
  return new Uint32Array(padded.buffer);
}

export function swimlaneInputKey(input: SwimlaneLayoutInput): string {
  const seed: [number, number] = [0x811c9dc5 ^ input.columnCount, 0x01000193 ^ (input.finestBins ?? 0)];
  const arrays = [input.startMicros, input.endMicros, input.column, input.color, input.highlighted, input.position];
  for (const array of arrays) {
    // Aligned arrays are read in place; the byte arrays (length not a multiple of 4) are copied once.
    const aligned = array.byteOffset % 4 === 0 && array.byteLength % 4 === 0;
    mix(aligned ? new Uint32Array(array.buffer, array.byteOffset, array.byteLength >>> 2) : wordsOf(array), seed);
    mix(Uint32Array.of(array.length), seed);
  }
  return `${input.startMicros.length}:${(seed[0] >>> 0).toString(36)}:${(seed[1] >>> 0).toString(36)}`;
}
