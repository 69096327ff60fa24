/*
 * The time cells of a geo CSV, read fast. A flight log holds a time on every one of up to millions
 * of rows, and the reference reader (parseEventTime: section 5 by regular expressions, then js-joda's
 * LocalDateTime and ZonedDateTime per cell) was most of the parse time. This reader takes the common
 * shapes by hand and answers exactly as the reference does (geo-time-reader.test.ts compares both on
 * generated inputs, DST edges included); any other text, or any text it is not sure of, goes to the
 * reference. The shapes:
 *  - "YYYY-MM-DD HH:mm:ss" with 0-6 fraction digits (no AM/PM), local to the map's zone;
 *  - ISO 8601 with "T" between date and time (it carries its own offset, or it is no date at all);
 *  - a plain integer or decimal (epoch seconds, milliseconds, microseconds or nanoseconds, by the map's numeric unit).
 * Local times become instants through a cache of local hours: an hour whose start and end each have
 * one valid offset, and the same one, maps every local time in it by that offset, which is what
 * ZonedDateTime.ofLocal does there (gaps and overlaps are never inside such an hour: they go to js-joda).
 */
import { LocalDateTime, ZoneOffset, type ZoneId } from '@js-joda/core';
import { parseEventTime } from '../import/parse-event-time.ts';
import { parseOffsetDateTime } from '../import/parse-offset-date-time.ts';
import type { MapDateOrder, MapNumericUnit } from './geo-settings.ts';

const SECONDS_PER_HOUR = 3600;
const MICROS_PER_SECOND = 1_000_000;
/** Hours remembered per zone; cleared when full (a log rarely spans more than a few weeks). */
const HOUR_CACHE_LIMIT = 50_000;
const DIGIT_0 = 48;
/** 1989-12-31T00:00:00Z, where Garmin FIT counts its seconds from. */
export const FIT_EPOCH_MICROS = 631_065_600_000_000;
const PLAIN_NUMBER = /^\s*\d+(\.\d+)?\s*$/;

export interface GeoTimeReader {
  /** Microseconds since the epoch, or undefined: the same answer as parseEventTime(text, zone, unit). */
  read(text: string): number | undefined;
}

const isDigit = (code: number) => code >= DIGIT_0 && code <= DIGIT_0 + 9;

/** The number of `length` digits at `from`, or -1 when one of them is not a digit. */
function digits(text: string, from: number, length: number): number {
  let value = 0;
  for (let at = from; at < from + length; at += 1) {
    const code = text.charCodeAt(at);
    if (!isDigit(code)) return -1;
    value = value * 10 + code - DIGIT_0;
  }
  return value;
}

/** Days from 1970-01-01 to a proleptic Gregorian date (H. Hinnant's days_from_civil). */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** The local date-time of a local epoch second (seconds as if the wall clock were UTC). */
function localDateTimeOf(localSeconds: number): LocalDateTime {
  return LocalDateTime.ofEpochSecond(localSeconds, 0, ZoneOffset.UTC);
}

export function geoTimeReader(zone: ZoneId, numericUnit: MapNumericUnit, dateOrder?: MapDateOrder): GeoTimeReader {
  if (numericUnit === 'fit-seconds') {
    // Only a plain number counts from FIT's epoch; a written date in the same column reads as it says.
    const seconds = geoTimeReader(zone, 'seconds', dateOrder);
    return {
      read(text) {
        const micros = seconds.read(text);
        return micros !== undefined && PLAIN_NUMBER.test(text) ? micros + FIT_EPOCH_MICROS : micros;
      },
    };
  }
  // Nanoseconds (19 digits) pass a double's exact integers, so they always go to the reference's BigInt.
  const microsPerUnit = { seconds: MICROS_PER_SECOND, milliseconds: 1000, microseconds: 1, nanoseconds: Number.NaN }[
    numericUnit
  ];
  const rules = zone.rules();
  const fixedOffsetSeconds = rules.isFixedOffset() ? rules.offsetOfEpochMilli(0).totalSeconds() : undefined;
  // Local hour → the one offset (seconds) every local time in it has, or null when it has none.
  const hours = new Map<number, number | null>();

  const singleOffset = (localSeconds: number): number | null => {
    const offsets = rules.validOffsets(localDateTimeOf(localSeconds));
    return offsets.length === 1 ? offsets[0]!.totalSeconds() : null;
  };
  const offsetOfHour = (hour: number): number | null => {
    const known = hours.get(hour);
    if (known !== undefined) return known;
    if (hours.size >= HOUR_CACHE_LIMIT) hours.clear();
    const start = singleOffset(hour * SECONDS_PER_HOUR);
    const end = start === null ? null : singleOffset((hour + 1) * SECONDS_PER_HOUR);
    const offset = start !== null && start === end ? start : null;
    hours.set(hour, offset);
    return offset;
  };

  const reference = (text: string) => parseEventTime(text, zone, numericUnit, { dateOrder });

  /** "YYYY-MM-DD HH:mm:ss[.f{1,6}]" exactly (length 19 to 26), local to the zone. */
  const localDateTime = (text: string): number | undefined => {
    const year = digits(text, 0, 4);
    const month = digits(text, 5, 2);
    const day = digits(text, 8, 2);
    const hour = digits(text, 11, 2);
    const minute = digits(text, 14, 2);
    const second = digits(text, 17, 2);
    if (year < 0 || month < 0 || day < 0 || hour < 0 || minute < 0 || second < 0) return reference(text);
    if (
      text.charCodeAt(4) !== 45 ||
      text.charCodeAt(7) !== 45 ||
      text.charCodeAt(13) !== 58 ||
      text.charCodeAt(16) !== 58
    )
      return reference(text);
    let fraction = 0;
    if (text.length > 19) {
      // A "." and 1-6 digits, nothing after them.
      if (text.charCodeAt(19) !== 46 || text.length === 20) return reference(text);
      const fractionDigits = text.length - 20;
      const value = digits(text, 20, fractionDigits);
      if (value < 0) return reference(text);
      fraction = value * 10 ** (6 - fractionDigits);
    }
    // Out-of-range fields (month 13, 30 February, hour 24, second 60) are refused by the reference.
    if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month) || hour > 23 || minute > 59 || second > 59)
      return reference(text);
    const localSeconds = daysFromCivil(year, month, day) * 86_400 + hour * SECONDS_PER_HOUR + minute * 60 + second;
    const offset = fixedOffsetSeconds ?? offsetOfHour(Math.floor(localSeconds / SECONDS_PER_HOUR));
    if (offset === null) return reference(text);
    const micros = (localSeconds - offset) * MICROS_PER_SECOND + fraction;
    return Number.isSafeInteger(micros) && micros >= 0 ? micros : undefined;
  };

  /** A plain integer or a decimal with 1-6 fraction digits; longer ones go to the reference's BigInt. */
  const numeric = (text: string): number | undefined => {
    const point = text.indexOf('.');
    const whole = point === -1 ? text : text.slice(0, point);
    if (whole.length === 0 || whole.length > 15 || digits(whole, 0, whole.length) < 0) return reference(text);
    if (point === -1) {
      const value = Number(whole);
      const micros = value * microsPerUnit;
      return Number.isSafeInteger(micros) ? micros : reference(text);
    }
    const fractionDigits = text.length - point - 1;
    if (fractionDigits < 1 || fractionDigits > 6 || numericUnit !== 'seconds') return reference(text);
    const fraction = digits(text, point + 1, fractionDigits);
    if (fraction < 0) return reference(text);
    const micros = Number(whole) * MICROS_PER_SECOND + fraction * 10 ** (6 - fractionDigits);
    return Number.isSafeInteger(micros) ? micros : reference(text);
  };

  return {
    read(text) {
      const length = text.length;
      if (length === 0) return undefined;
      const first = text.charCodeAt(0);
      if (!isDigit(first) || !isDigit(text.charCodeAt(length - 1))) {
        // A trailing "Z", "UTC", "PM" or surrounding whitespace: the reference decides.
        return reference(text);
      }
      if (length >= 19 && text.charCodeAt(4) === 45) {
        const separator = text.charCodeAt(10);
        if (separator === 32 && length <= 26) return localDateTime(text);
        // An ISO 8601 time with its own offset reads directly; without one, in the zone (the reference).
        if (separator === 84 || separator === 116) return parseOffsetDateTime(text) ?? reference(text);
        return reference(text);
      }
      return numeric(text);
    },
  };
}
