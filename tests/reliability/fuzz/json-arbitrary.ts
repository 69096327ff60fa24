/*
 * fast-check arbitraries for JSON bodies and parameters, from the JSON schema /api/openapi.json
 * publishes for each route: values that fit the schema (ids pointing at the fuzz world), and the
 * same values broken: wrong types, fields missing or extra, huge and empty strings, unicode with
 * lone surrogates and NUL, numbers past every bound, nesting 10,000 levels deep.
 */
import fc from 'fast-check';
import type { JsonSchema } from './route-table.ts';

/** A reference to an id of the fuzz world, replaced when the request is built (see request-build.ts). */
export const WORLD_REF = '\u0001world:';
export const worldRef = (name: string) => `${WORLD_REF}${name}`;

/** Placeholders replaced in the JSON text: 10,000 nested arrays; bytes that are not UTF-8. */
export const DEEP_JSON = '\u0001deep';
export const BAD_UTF8 = '\u0001bad-utf8';

/** Field names that hold ids of the world, by what they name. */
const WORLD_IDS: Record<string, string> = {
  organizationID: 'organizationID',
  incidentID: 'incidentID',
  relatedIncidentID: 'relatedIncidentID',
  streamID: 'streamID',
  actorID: 'actorID',
  eventID: 'eventID',
  eventIDs: 'eventID',
  threadEventID: 'eventID',
  collectionID: 'collectionID',
  analystID: 'writerID',
  userID: 'writerID',
  noteID: 'noteID',
  linkID: 'linkID',
  uploadID: 'uploadID',
  mapID: 'mapID',
};

export const hugeString = (bytes: number) => 'x'.repeat(bytes);

/** Strings no field should fall over on (none longer than 10,000: fit for URLs too). */
export const smallWeirdString = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\uD800',
    'x\uDC00y',
    '\uFFFE\uFFFF',
    '😀'.repeat(50),
    'e\u0301\u0301\u0301',
    '\u202Eevil\u202C',
    '<script>alert(1)</script>',
    "'; DROP TABLE events; --",
    '../../../../etc/passwd',
    '..\\..\\windows\\win.ini',
    '%2e%2e%2f%00',
    'null',
    'NaN',
    '-1',
    '1e309',
    '0x10',
    ' 7 ',
    '\r\n\t',
    'https://example.org/',
    'javascript:alert(1)',
    '#ff00ff',
    'UTC',
    'Europe/Helsinki',
    '2024-01-02',
    BAD_UTF8,
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constant(hugeString(10_000)),
);

/** The same, and strings past every field's limit and the 1 MiB body limit. */
export const weirdString = fc.oneof(
  { weight: 6, arbitrary: smallWeirdString },
  { weight: 1, arbitrary: fc.constantFrom(hugeString(200_001), hugeString(1_100_000)) },
);

/** Any JSON value of the wrong kind, or right kind and wrong size. */
export const weirdValue: fc.Arbitrary<unknown> = fc.oneof(
  weirdString,
  fc.constantFrom(0, -1, 1.5, -0.5, 2 ** 53, 2 ** 53 + 2, 2 ** 63, 1e308, -1e308, Number.MIN_VALUE, Number.MAX_VALUE),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom([], {}, [1, 2, 3], { a: 1 }, [[[[[[]]]]]], DEEP_JSON),
  fc.array(fc.integer({ min: -5, max: 2 ** 40 }), { maxLength: 20 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 4 }),
);

function types(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  if (schema.type) return [schema.type];
  return [];
}

function regexArbitrary(pattern: string, maxLength: number): fc.Arbitrary<string> {
  try {
    return fc.stringMatching(new RegExp(pattern, 'u')).filter((s) => s.length <= maxLength);
  } catch {
    return fc.string({ maxLength });
  }
}

/** Values that fit the schema (within reason: strings short); `name` is the field's, for world ids. */
export function validValue(schema: JsonSchema, name = ''): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives && alternatives.length > 0) return fc.oneof(...alternatives.map((s) => validValue(s, name)));
  if (schema.allOf && schema.allOf.length > 0) return validValue(schema.allOf[0]!, name);
  const kind = types(schema).find((t) => t !== 'null') ?? 'object';
  switch (kind) {
    case 'integer':
    case 'number': {
      const min =
        typeof schema.minimum === 'number' ? schema.minimum + (schema.exclusiveMinimum === true ? 1 : 0) : -1000;
      const max = typeof schema.maximum === 'number' ? schema.maximum : 1_000_000;
      const plain =
        kind === 'integer'
          ? fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31 - 1) })
          : fc.double({ min, max, noNaN: true });
      const world = WORLD_IDS[name];
      // Timestamps in microseconds where the world's events are.
      const near = /Timestamp$/.test(name)
        ? fc.integer({ min: 1_699_999_000_000_000, max: 1_700_001_000_000_000 })
        : undefined;
      const options: fc.Arbitrary<unknown>[] = [plain];
      if (world) options.push(fc.constant(worldRef(world)), fc.constant(worldRef(world)));
      if (near) options.push(near);
      return fc.oneof(...options);
    }
    case 'boolean':
      return fc.boolean();
    case 'string': {
      const maxLength = Math.min(schema.maxLength ?? 40, 40);
      const minLength = Math.min(schema.minLength ?? 0, maxLength);
      if (schema.pattern) return regexArbitrary(schema.pattern, schema.maxLength ?? 1000);
      if (/[Uu]rl$/.test(name))
        return fc.constantFrom('https://example.org/a', 'http://example.org/', 'ftp://x', 'javascript:alert(1)', '');
      return fc.string({ minLength, maxLength, unit: 'grapheme' });
    }
    case 'array': {
      const item = schema.items ?? {};
      const world = WORLD_IDS[name];
      const items = world ? fc.oneof(validValue(item, ''), fc.constant(worldRef(world))) : validValue(item, name);
      return fc.array(items, { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 5, 5) });
    }
    case 'object':
    default: {
      const properties = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, property] of Object.entries(properties)) record[key] = validValue(property, key);
      const requiredKeys = Object.keys(properties).filter((key) => required.has(key));
      return fc.record(record, { requiredKeys });
    }
  }
}

/** A value of the schema with one thing broken; sometimes fine (a valid value is part of fuzzing too). */
export function mutatedValue(schema: JsonSchema): fc.Arbitrary<unknown> {
  const properties = Object.keys(schema.properties ?? {});
  const base = validValue(schema);
  const mutations: fc.Arbitrary<unknown>[] = [
    base,
    weirdValue,
    fc
      .tuple(base, fc.string({ minLength: 1, maxLength: 20 }), weirdValue)
      .map(([value, key, extra]) =>
        value && typeof value === 'object' && !Array.isArray(value) ? { ...value, [key]: extra } : value,
      ),
    fc.constant(DEEP_JSON),
  ];
  if (properties.length > 0) {
    mutations.push(
      fc
        .tuple(base, fc.constantFrom(...properties), weirdValue)
        .map(([value, key, weird]) =>
          value && typeof value === 'object' && !Array.isArray(value) ? { ...value, [key]: weird } : value,
        ),
      fc.tuple(base, fc.constantFrom(...properties)).map(([value, key]) => {
        if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
        const copy = { ...(value as Record<string, unknown>) };
        delete copy[key];
        return copy;
      }),
      fc
        .tuple(base, fc.constantFrom(...properties))
        .map(([value, key]) =>
          value && typeof value === 'object' && !Array.isArray(value) ? { ...value, [key]: DEEP_JSON } : value,
        ),
    );
  }
  return fc.oneof(...mutations);
}
