/*
 * Mangled evidence files for the importer fuzzer: a real fixture (never edited: copies are changed)
 * cut at a random offset, re-encoded to UTF-16 or Latin-1, given BOMs, NULs, mixed line ends, flipped
 * bytes, another file spliced in, an enormous line, or replaced by random binary; a zip's inner files
 * mangled the same way. A mangle is a small recipe fast-check generates and shrinks.
 */
import fc from 'fast-check';
import { strToU8, unzipSync, zipSync } from 'fflate';

export type Mangle =
  | { kind: 'none' }
  | { kind: 'truncate'; at: number }
  | { kind: 'utf16le'; bom: boolean }
  | { kind: 'utf16be' }
  | { kind: 'latin1' }
  | { kind: 'binary'; bytes: Uint8Array }
  | { kind: 'bom'; times: number }
  | { kind: 'nul'; at: number[] }
  | { kind: 'line-ends'; every: number; end: '\r\n' | '\r' | '\n\n' }
  | { kind: 'flip'; at: [number, number][] }
  | { kind: 'splice'; at: number; bytes: Uint8Array }
  | { kind: 'long-line'; at: number; bytes: number }
  | { kind: 'zip-inner'; entry: number; inner: Mangle };

const fraction = fc.double({ min: 0, max: 1, noNaN: true });

const simple: fc.Arbitrary<Mangle> = fc.oneof(
  { weight: 1, arbitrary: fc.constant({ kind: 'none' as const }) },
  { weight: 4, arbitrary: fraction.map((at) => ({ kind: 'truncate' as const, at })) },
  { weight: 2, arbitrary: fc.boolean().map((bom) => ({ kind: 'utf16le' as const, bom })) },
  { weight: 1, arbitrary: fc.constant({ kind: 'utf16be' as const }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'latin1' as const }) },
  {
    weight: 2,
    arbitrary: fc.uint8Array({ minLength: 1, maxLength: 5000 }).map((bytes) => ({ kind: 'binary' as const, bytes })),
  },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 3 }).map((times) => ({ kind: 'bom' as const, times })) },
  {
    weight: 2,
    arbitrary: fc.array(fraction, { minLength: 1, maxLength: 20 }).map((at) => ({ kind: 'nul' as const, at })),
  },
  {
    weight: 2,
    arbitrary: fc
      .record({
        every: fc.integer({ min: 1, max: 5 }),
        end: fc.constantFrom('\r\n' as const, '\r' as const, '\n\n' as const),
      })
      .map((r) => ({ kind: 'line-ends' as const, ...r })),
  },
  {
    weight: 2,
    arbitrary: fc
      .array(fc.tuple(fraction, fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 30 })
      .map((at) => ({ kind: 'flip' as const, at })),
  },
  {
    weight: 1,
    arbitrary: fc
      .record({ at: fraction, bytes: fc.uint8Array({ maxLength: 300 }) })
      .map((r) => ({ kind: 'splice' as const, ...r })),
  },
  {
    weight: 1,
    arbitrary: fc
      .record({ at: fraction, bytes: fc.integer({ min: 10_000, max: 300_000 }) })
      .map((r) => ({ kind: 'long-line' as const, ...r })),
  },
);

/** Mangles for a file of this kind (zips also get their inner files mangled). */
export function mangleArbitrary(zip: boolean): fc.Arbitrary<Mangle> {
  if (!zip) return simple;
  return fc.oneof(
    { weight: 2, arbitrary: simple },
    {
      weight: 3,
      arbitrary: fc.record({ entry: fc.nat(), inner: simple }).map((r) => ({ kind: 'zip-inner' as const, ...r })),
    },
  );
}

const position = (length: number, at: number) => Math.min(length, Math.floor(length * at));
const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

export function mangle(bytes: Uint8Array, recipe: Mangle): Uint8Array {
  switch (recipe.kind) {
    case 'none':
      return bytes;
    case 'truncate':
      return bytes.subarray(0, position(bytes.length, recipe.at));
    case 'utf16le':
      return new Uint8Array(
        Buffer.concat([recipe.bom ? Buffer.from([0xff, 0xfe]) : Buffer.alloc(0), Buffer.from(text(bytes), 'utf16le')]),
      );
    case 'utf16be': {
      const le = Buffer.from(text(bytes), 'utf16le');
      return new Uint8Array(Buffer.concat([Buffer.from([0xfe, 0xff]), le.swap16()]));
    }
    case 'latin1':
      return new Uint8Array(Buffer.from(text(bytes), 'latin1'));
    case 'binary':
      return recipe.bytes;
    case 'bom':
      return new Uint8Array(
        Buffer.concat([
          ...Array.from({ length: recipe.times }, () => Buffer.from([0xef, 0xbb, 0xbf])),
          Buffer.from(bytes),
        ]),
      );
    case 'nul': {
      const copy = Buffer.from(bytes);
      const positions = recipe.at.map((at) => position(copy.length, at)).sort((a, b) => a - b);
      const pieces: Buffer[] = [];
      let from = 0;
      for (const at of positions) {
        pieces.push(copy.subarray(from, at), Buffer.from([0]));
        from = at;
      }
      pieces.push(copy.subarray(from));
      return new Uint8Array(Buffer.concat(pieces));
    }
    case 'line-ends': {
      let count = 0;
      return strToU8(text(bytes).replace(/\r?\n/g, (line) => ((count += 1) % recipe.every === 0 ? recipe.end : line)));
    }
    case 'flip': {
      const copy = new Uint8Array(bytes);
      for (const [at, value] of recipe.at)
        if (copy.length > 0) copy[Math.min(copy.length - 1, position(copy.length, at))] = value;
      return copy;
    }
    case 'splice': {
      const at = position(bytes.length, recipe.at);
      return new Uint8Array(
        Buffer.concat([Buffer.from(bytes.subarray(0, at)), Buffer.from(recipe.bytes), Buffer.from(bytes.subarray(at))]),
      );
    }
    case 'long-line': {
      const at = position(bytes.length, recipe.at);
      return new Uint8Array(
        Buffer.concat([
          Buffer.from(bytes.subarray(0, at)),
          Buffer.alloc(recipe.bytes, 'A'),
          Buffer.from(bytes.subarray(at)),
        ]),
      );
    }
    case 'zip-inner': {
      let entries: Record<string, Uint8Array>;
      try {
        entries = unzipSync(bytes);
      } catch {
        return bytes;
      }
      const names = Object.keys(entries).filter((name) => !name.endsWith('/'));
      if (names.length === 0) return bytes;
      const name = names[recipe.entry % names.length]!;
      return zipSync({ ...entries, [name]: mangle(entries[name]!, recipe.inner) });
    }
  }
}

/** What the recipe did, short, for a failure message. */
export function describeMangle(recipe: Mangle): string {
  return JSON.stringify(recipe, (_key, value: unknown) =>
    value instanceof Uint8Array ? `<${value.length} bytes>` : value,
  );
}
