/*
 * The general timestamp reader every importer shares: an epoch number or a date-time text in any
 * common shape (date-time-text.ts) to microseconds since the epoch. A reader is made once per column
 * with its decisions (unit, date order, zone, year for year-less text) and then called per row.
 */
import { LocalDateTime, ZonedDateTime, type ZoneId } from '@js-joda/core';
import { readDateTimeText, type DateOrder, type DateTimeFields } from './date-time-text.ts';
import { isEpochNumber, readEpochNumber, type EpochUnit } from './epoch-number.ts';

export interface TimestampRules {
  readonly zone: ZoneId;
  readonly numericUnit: EpochUnit;
  /** How "05/06/2024" is read; undefined decides per value (13+ in a position, else "." day-first). */
  readonly dateOrder?: DateOrder | undefined;
  /** For text without a year (syslog's "Dec 31 21:11:55"); without it such text has no value. */
  readonly defaultYear?: number | undefined;
}

export type TimestampReader = (text: string, offsetMinutes?: number) => number | undefined;

const MICROS_PER_MILLI = 1000;

/**
 * A reader for one column's cells. `offsetMinutes` (a row's UTC-offset column) applies to times
 * without their own offset, instead of the zone.
 */
export function createTimestampReader(rules: TimestampRules): TimestampReader {
  const utc = rules.zone.id() === 'UTC' || rules.zone.id() === 'Z';
  return (text, offsetMinutes) => {
    const trimmed = text.trim();
    if (trimmed === '') return undefined;
    if (isEpochNumber(trimmed)) {
      // An 8- or 14-digit number reading as a date (20180123, 20100720183814) is one when the unit is open.
      const compact =
        rules.numericUnit === 'auto' && (trimmed.length === 8 || trimmed.length === 14)
          ? readDateTimeText(trimmed, 'ymd')
          : undefined;
      if (compact === undefined || compact.year < 1900 || compact.year > 2200)
        return readEpochNumber(trimmed, rules.numericUnit);
      return toMicros(compact, rules.zone, utc, offsetMinutes);
    }
    const fields = readDateTimeText(trimmed, rules.dateOrder, rules.defaultYear);
    return fields === undefined ? undefined : toMicros(fields, rules.zone, utc, offsetMinutes);
  };
}

function toMicros(
  fields: DateTimeFields,
  zone: ZoneId,
  utc: boolean,
  rowOffset: number | undefined,
): number | undefined {
  const { year, month, day, hour, minute, second, micros } = fields;
  const offset = fields.offsetMinutes ?? rowOffset ?? (utc ? 0 : undefined);
  let epochMillis: number;
  if (offset !== undefined) {
    // Date.UTC reads years 0-99 as 1900-1999; such years are before the epoch anyway.
    if (year < 1900) return undefined;
    epochMillis = Date.UTC(year, month - 1, day, hour, minute, second) - offset * 60_000;
  } else {
    // A local time in a gap moves forward by the gap; in an overlap it takes the earlier offset.
    const local = LocalDateTime.of(year, month, day, hour, minute, second);
    epochMillis = ZonedDateTime.ofLocal(local, zone, null).toEpochSecond() * 1000;
  }
  const result = epochMillis * MICROS_PER_MILLI + micros;
  return Number.isSafeInteger(result) && result >= 0 ? result : undefined;
}
