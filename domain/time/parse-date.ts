/*
 * Section 5's date strings, parsed to integer microseconds since the Unix epoch. The grammar is
 * matched by hand (not js-joda's DateTimeFormatter) so every accepted and rejected form is visible
 * here; js-joda then does the calendar and zone arithmetic. Rules where the specification is silent:
 *  - Surrounding whitespace is trimmed; inside, fields are separated by exactly one space.
 *  - Fields are zero-padded to their width: YYYY, MM, DD, HH, mm, ss. The date-first form uses "-",
 *    the time uses ":", the fraction "." with 1-6 digits (7 or more would lose precision: rejected).
 *  - MMM is Jan..Dec in any letter case; full names ("March") and "Sept" are rejected.
 *  - AM/PM (any case) follows the seconds after one space. With it the hour is 01-12, 12 AM is 00
 *    and 12 PM is 12; 00 or 13+ with AM/PM is rejected. Without it the hour is 00-23.
 *  - Calendar ranges are checked: month 13, Feb 30 (Feb 29 only in leap years), hour 24, minute 60
 *    and second 60 (no leap seconds) are rejected.
 *  - Local times follow ZonedDateTime.ofLocal with no preferred offset (js-joda's default): a time in
 *    a spring-forward gap moves forward by the gap's length (02:30 becomes 03:30 in New York), and a
 *    time in a fall-back overlap takes the earlier offset, i.e. the first of the two instants.
 *  - A plain integer ("1521911720") is microseconds since the epoch, or seconds when numericUnit is
 *    'seconds'. A decimal ("1521911720.629574") is accepted only as seconds, with 1-6 fraction digits,
 *    and converted digit by digit so no binary floating-point rounding creeps in. Signs and exponents
 *    are rejected.
 *  - Results must fit MicrosSchema (domain/ids.ts): 0 to Number.MAX_SAFE_INTEGER, i.e. from
 *    1970-01-01T00:00Z to about 2255-06-05. Anything before or after gives no value.
 */
import { DateTimeException, LocalDateTime, ZonedDateTime, type ZoneId } from '@js-joda/core';
import { MONTH_ABBREVIATIONS } from './month-abbreviations.ts';
import { resolveTimeZone } from './time-zone-loader.ts';
import { isKnownTimeZone } from './time-zone-table.ts';
import type { WallClock } from './wall-clock.ts';

export type NumericTimestampUnit = 'microseconds' | 'seconds';

interface ParseDateOptions {
  /** How a plain number is read; 'microseconds' unless configured otherwise. */
  readonly numericUnit?: NumericTimestampUnit;
}

interface DateTimeFields extends WallClock {
  readonly fractionDigits: string;
  readonly meridiem: string | undefined;
}

// Both forms share group names, so one reader serves them; an unmatched optional group is undefined.
const TIME =
  String.raw`(?<hour>\d{2}):(?<minute>\d{2}):(?<second>\d{2})` +
  String.raw`(?:\.(?<fraction>\d{1,6}))?(?: (?<meridiem>[AaPp][Mm]))?`;
const DATE_FIRST = new RegExp(String.raw`^(?<year>\d{4})-(?<month>\d{2})-(?<day>\d{2}) ${TIME}$`);
const MONTH_FIRST = new RegExp(String.raw`^(?<monthName>[A-Za-z]{3}) (?<day>\d{2}) (?<year>\d{4}) ${TIME}$`);
const INTEGER = /^\d+$/;
const DECIMAL = /^(\d+)\.(\d+)$/;
const MICROS_PER_SECOND = 1_000_000;
const MAX_MICROS = BigInt(Number.MAX_SAFE_INTEGER);
const MONTH_NUMBERS: ReadonlyMap<string, number> = new Map(
  MONTH_ABBREVIATIONS.map((name, index) => [name.toLowerCase(), index + 1]),
);

/**
 * Microseconds since the epoch, or undefined when the text is not a date of section 5 (no value).
 * `zone` is a name from the known zone table or a ZoneId from resolveTimeZone(). A name outside the
 * table throws a RangeError even for numeric input: it is a bad setting, not a bad cell, and must not
 * silently turn every date into "no value". Zone rules are only needed once a date form matches, so
 * numeric timestamps parse before loadTimeZones() has finished.
 */
export function parseDate(text: string, zone: ZoneId | string, options: ParseDateOptions = {}): number | undefined {
  if (typeof zone === 'string' && !isKnownTimeZone(zone)) {
    throw new RangeError(`Unknown time zone: ${JSON.stringify(zone)}`);
  }
  const trimmed = text.trim();
  if (INTEGER.test(trimmed) || DECIMAL.test(trimmed)) {
    return parseNumericTimestamp(trimmed, options.numericUnit ?? 'microseconds');
  }
  const fields = matchDateTime(trimmed);
  if (fields === undefined) return undefined;
  return toEpochMicros(fields, typeof zone === 'string' ? resolveTimeZone(zone) : zone);
}

function parseNumericTimestamp(text: string, unit: NumericTimestampUnit): number | undefined {
  const decimal = DECIMAL.exec(text);
  let micros: bigint;
  if (decimal !== null) {
    const [, whole = '', fraction = ''] = decimal;
    if (unit !== 'seconds' || fraction.length > 6) return undefined;
    micros = BigInt(whole) * 1_000_000n + BigInt(fraction.padEnd(6, '0'));
  } else {
    micros = unit === 'seconds' ? BigInt(text) * 1_000_000n : BigInt(text);
  }
  return micros <= MAX_MICROS ? Number(micros) : undefined;
}

function matchDateTime(text: string): DateTimeFields | undefined {
  const groups = (DATE_FIRST.exec(text) ?? MONTH_FIRST.exec(text))?.groups;
  if (groups === undefined) return undefined;
  const { monthName } = groups;
  const month = monthName === undefined ? Number(groups.month) : MONTH_NUMBERS.get(monthName.toLowerCase());
  if (month === undefined) return undefined;
  return {
    year: Number(groups.year),
    month,
    day: Number(groups.day),
    hour: Number(groups.hour),
    minute: Number(groups.minute),
    second: Number(groups.second),
    fractionDigits: groups.fraction ?? '',
    meridiem: groups.meridiem,
  };
}

function hourOfDay(hour: number, meridiem: string | undefined): number | undefined {
  if (meridiem === undefined) return hour <= 23 ? hour : undefined;
  if (hour < 1 || hour > 12) return undefined;
  return (hour % 12) + (meridiem.toUpperCase() === 'PM' ? 12 : 0);
}

function toEpochMicros(fields: DateTimeFields, zone: ZoneId): number | undefined {
  const hour = hourOfDay(fields.hour, fields.meridiem);
  if (hour === undefined) return undefined;
  const fractionMicros = Number(fields.fractionDigits.padEnd(6, '0'));
  let local: LocalDateTime;
  try {
    // LocalDateTime.of checks month 1-12, the day against the month and leap year, minute and second.
    const { year, month, day, minute, second } = fields;
    local = LocalDateTime.of(year, month, day, hour, minute, second, fractionMicros * 1000);
  } catch (error) {
    if (error instanceof DateTimeException) return undefined;
    throw error;
  }
  const epochSecond = ZonedDateTime.ofLocal(local, zone, null).toEpochSecond();
  // Exact while below 2^53; anything larger lands on an unsafe integer and is refused.
  const micros = epochSecond * MICROS_PER_SECOND + fractionMicros;
  return Number.isSafeInteger(micros) && micros >= 0 ? micros : undefined;
}
