// The fast geo time reader against the reference (parseEventTime, js-joda) on generated inputs:
// local times in zones with daylight saving (days of a change above all), numbers, ISO 8601 with
// offsets, and near-misses of every shape. Both must give the same answer, undefined included.
import { Instant, ZonedDateTime, ZoneId } from '@js-joda/core';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseEventTime } from '../import/parse-event-time.ts';
import { MAP_NUMERIC_UNITS, type MapNumericUnit } from './geo-settings.ts';
import { loadTimeZones } from '../time/time-zone-loader.ts';
import { geoTimeReader } from './geo-time-reader.ts';

const ZONES = [
  'UTC',
  'America/New_York',
  'Europe/London',
  'Europe/Dublin', // negative daylight saving in the zone data
  'Australia/Lord_Howe', // a 30-minute change
  'Asia/Kolkata',
  'America/St_Johns',
  'Pacific/Apia', // skipped a whole day in 2011
  'Africa/Casablanca',
  'America/Sao_Paulo', // changes at midnight
  'Asia/Tehran',
  'Pacific/Chatham',
  'Europe/Moscow',
  'America/Santiago',
  'Antarctica/Troll', // a 2-hour change
];
// The reference reads Unix epochs only; FIT's count is the seconds reader shifted (geo-csv-units.test.ts).
type UnixUnit = Exclude<MapNumericUnit, 'fit-seconds'>;
const UNITS: readonly UnixUnit[] = MAP_NUMERIC_UNITS.filter((unit): unit is UnixUnit => unit !== 'fit-seconds');
const DAY_MILLIS = 86_400_000;
const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** Per zone, the UTC days (as epoch milliseconds) on which its offset changes, 1965 to 2045. */
const changeDays = new Map<string, number[]>();

beforeAll(async () => {
  await loadTimeZones();
  for (const name of ZONES) {
    const rules = ZoneId.of(name).rules();
    const days: number[] = [];
    let before = rules.offsetOfEpochMilli(-5 * 365 * DAY_MILLIS).totalSeconds();
    for (let day = -5 * 365; day < 75 * 365; day += 1) {
      const offset = rules.offsetOfEpochMilli((day + 1) * DAY_MILLIS).totalSeconds();
      if (offset !== before) days.push(day * DAY_MILLIS);
      before = offset;
    }
    changeDays.set(name, days);
  }
});

const zoneName = fc.constantFrom(...ZONES);
const unit = fc.constantFrom(...UNITS);
const fraction = fc
  .integer({ min: 0, max: 6 })
  .chain((length) =>
    length === 0
      ? fc.constant('')
      : fc.integer({ min: 0, max: 10 ** length - 1 }).map((value) => `.${pad(value, length)}`),
  );

/** "YYYY-MM-DD HH:mm:ss" of an instant as the zone's wall clock shows it. */
function wallClock(zone: string, epochMillis: number): string {
  const local = ZonedDateTime.ofInstant(Instant.ofEpochMilli(epochMillis), ZoneId.of(zone)).toLocalDateTime();
  return `${pad(local.year(), 4)}-${pad(local.monthValue())}-${pad(local.dayOfMonth())} ${pad(local.hour())}:${pad(local.minute())}:${pad(local.second())}`;
}

/** Any local time of a day the zone's offset changes (gaps, overlaps and both sides of them). */
const changeDayLocal = zoneName.chain((zone) =>
  fc
    .tuple(fc.constant(zone), fc.nat(), fc.integer({ min: -6 * 3600, max: 30 * 3600 }), fraction)
    .map(([name, pick, secondsIntoDay, digits]) => {
      const days = changeDays.get(name) ?? [];
      const day = days.length === 0 ? 0 : days[pick % days.length]!;
      // The wall clock of an instant around the change, then nudged so gap times (which no instant shows) come up too.
      const text = wallClock(name, day + secondsIntoDay * 1000);
      const nudged =
        pick % 3 === 0
          ? text.replace(/ (\d{2}):/, (_match, hour: string) => ` ${pad((Number(hour) + 1) % 24)}:`)
          : text;
      return { zone: name, text: `${nudged}${digits}` };
    }),
);

/** A wall-clock time of any instant from 1965 to 2260 (the reference refuses those before 1970 or past 2255). */
const anyLocal = fc
  .tuple(zoneName, fc.integer({ min: -5 * 365 * DAY_MILLIS, max: 290 * 365 * DAY_MILLIS }), fraction)
  .map(([zone, millis, digits]) => ({ zone, text: `${wallClock(zone, millis)}${digits}` }));

/** Any fields, valid or not (month 13, 31 April, hour 24), in the local shape. */
const anyFields = fc
  .tuple(
    zoneName,
    fc.integer({ min: 0, max: 9999 }),
    fc.integer({ min: 0, max: 13 }),
    fc.integer({ min: 0, max: 32 }),
    fc.integer({ min: 0, max: 24 }),
    fc.integer({ min: 0, max: 60 }),
    fc.integer({ min: 0, max: 60 }),
    fraction,
  )
  .map(([zone, year, month, day, hour, minute, second, digits]) => ({
    zone,
    text: `${pad(year, 4)}-${pad(month)}-${pad(day)} ${pad(hour)}:${pad(minute)}:${pad(second)}${digits}`,
  }));

const isoWithOffset = fc
  .tuple(
    anyLocal,
    fc.constantFrom('T', 't', ' '),
    fc.constantFrom('Z', 'z', ' UTC', 'GMT', '+02:00', '-0530', '+19', '-00:60', '', '.1234567Z', ',5+01'),
  )
  .map(([local, separator, suffix]) => ({
    zone: local.zone,
    text: `${local.text.slice(0, 10)}${separator}${local.text.slice(11)}${suffix}`,
  }));

const numbers = fc
  .tuple(
    zoneName,
    fc.oneof(
      fc.stringMatching(/^\d{1,20}$/),
      fc.stringMatching(/^\d{1,17}\.\d{0,8}$/),
      fc.stringMatching(/^[+-]?\d{1,12}(\.\d+)?(e\d)?$/),
    ),
  )
  .map(([zone, text]) => ({ zone, text }));

const TIME_ALPHABET = '0123456789-: .TZ+PMpmu\t'.split('');
const nearMisses = fc
  .tuple(zoneName, fc.array(fc.constantFrom(...TIME_ALPHABET), { maxLength: 32 }))
  .map(([zone, chars]) => ({ zone, text: chars.join('') }));

/** A valid text with one character replaced, removed or doubled. */
const mutated = fc
  .tuple(
    fc.oneof(anyLocal, isoWithOffset),
    fc.nat(),
    fc.constantFrom(...TIME_ALPHABET),
    fc.constantFrom('replace', 'remove', 'double'),
  )
  .map(([{ zone, text }, at, char, how]) => {
    const place = at % Math.max(1, text.length);
    const next = how === 'replace' ? char : how === 'remove' ? '' : `${text[place] ?? ''}${text[place] ?? ''}`;
    return { zone, text: `${text.slice(0, place)}${next}${text.slice(place + 1)}` };
  });

function agrees(input: { zone: string; text: string }, numericUnit: UnixUnit): void {
  const zone = ZoneId.of(input.zone);
  expect(
    geoTimeReader(zone, numericUnit).read(input.text),
    `${JSON.stringify(input.text)} in ${input.zone}, ${numericUnit}`,
  ).toBe(parseEventTime(input.text, zone, numericUnit));
}

describe('geoTimeReader gives the reference answer', () => {
  it.each([
    ['local times on days the offset changes', changeDayLocal, 20_000],
    ['local times of any instant', anyLocal, 5_000],
    ['local-shaped fields in and out of range', anyFields, 5_000],
    ['ISO 8601 with and without offsets', isoWithOffset, 3_000],
    ['plain numbers, decimals and signed or exponent forms', numbers, 3_000],
    ['near-misses of every shape', nearMisses, 3_000],
    ['valid texts with one character changed', mutated, 5_000],
  ] as const)('%s', (_name, inputs, numRuns) => {
    fc.assert(
      fc.property(inputs, unit, (input, numericUnit) => agrees(input, numericUnit)),
      { numRuns },
    );
  });

  it('one reader over a time-ordered log through a change (its hour cache) answers as the reference for each row', () => {
    for (const name of ['America/New_York', 'Europe/London', 'Australia/Lord_Howe']) {
      const zone = ZoneId.of(name);
      const reader = geoTimeReader(zone, 'seconds');
      const day = changeDays.get(name)!.find((millis) => millis > Date.UTC(2020, 0, 1))!;
      for (let seconds = -3600; seconds < 26 * 3600; seconds += 7) {
        const text = wallClock(name, day + seconds * 1000);
        expect(reader.read(text), text).toBe(parseEventTime(text, zone, 'seconds'));
      }
    }
  });

  it('gives known instants for the common shapes', () => {
    const newYork = geoTimeReader(ZoneId.of('America/New_York'), 'seconds');
    expect(newYork.read('2024-01-02 07:22:55')).toBe(Date.UTC(2024, 0, 2, 12, 22, 55) * 1000);
    expect(newYork.read('2024-03-10 02:30:00')).toBe(Date.UTC(2024, 2, 10, 7, 30) * 1000); // in the gap: moved forward an hour
    expect(newYork.read('2024-11-03 01:30:00.5')).toBe(Date.UTC(2024, 10, 3, 5, 30) * 1000 + 500_000); // in the overlap: the earlier instant
    expect(newYork.read('2024-01-02T07:22:55+09:00')).toBe(Date.UTC(2024, 0, 1, 22, 22, 55) * 1000);
    expect(newYork.read('1704180175')).toBe(1_704_180_175_000_000);
    expect(newYork.read('1704180175.25')).toBe(1_704_180_175_250_000);
    expect(newYork.read('2024-02-30 00:00:00')).toBeUndefined();
    expect(newYork.read('1969-12-31 00:00:00')).toBeUndefined();
  });
});
