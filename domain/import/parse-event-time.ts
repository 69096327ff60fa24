/*
 * The time of a cell or field, for every importer: the general reader of domain/time (epoch numbers
 * by unit or magnitude, ISO 8601, US and European dates, named months, 12-hour clocks, offsets), in
 * the chosen zone when the text names none. Also the zone lookup the parsers share and the reason an
 * invalid time is given, so every format words it the same way.
 */
import type { ZoneId } from '@js-joda/core';
import { readDateTimeText, type DateOrder } from '../time/date-time-text.ts';
import type { EpochUnit } from '../time/epoch-number.ts';
import { createTimestampReader } from '../time/read-timestamp.ts';
import { loadTimeZones, resolveTimeZone } from '../time/time-zone-loader.ts';
import { isKnownTimeZone } from '../time/time-zone-table.ts';
import { ImportError } from './import-error.ts';

interface EventTimeOptions {
  readonly dateOrder?: DateOrder | undefined;
  readonly defaultYear?: number | undefined;
}

/** Microseconds since the epoch, or undefined; for many cells of one column use createTimestampReader. */
export function parseEventTime(
  text: string,
  zone: ZoneId,
  numericUnit: EpochUnit,
  options: EventTimeOptions = {},
): number | undefined {
  return createTimestampReader({ zone, numericUnit, ...options })(text);
}

/** The ZoneId for a setting, loading the zone rules first unless the zone is UTC. */
export async function loadZone(name: string): Promise<ZoneId> {
  if (!isKnownTimeZone(name)) {
    throw new ImportError('bad-settings', `The time zone ${JSON.stringify(name)} is not in the known zone table`);
  }
  if (name !== 'UTC') await loadTimeZones();
  return resolveTimeZone(name);
}

const NUMBER = /^\s*\d+(\.\d+)?\s*$/;

const EXPECTED: Record<DateOrder, string> = { mdy: 'month/day/year', dmy: 'day/month/year', ymd: 'year-month-day' };

/**
 * Why a time text gave no value, e.g. `"31/02/2024" is not a date (expected month/day/year)`.
 * `expected` names the shape the column was decided to hold (a date order or an explicit pattern).
 */
export function timeReason(text: string, numericUnit: EpochUnit, expected?: DateOrder | string): string {
  if (text.trim() === '') return 'is empty';
  const quoted = JSON.stringify(shorten(text));
  if (NUMBER.test(text)) {
    const unit =
      numericUnit === 'auto'
        ? 'an epoch time in seconds, milliseconds, microseconds or nanoseconds'
        : `an epoch time in ${numericUnit}`;
    return `${quoted} is not a time (expected ${unit} from 1970 on)`;
  }
  const shape =
    expected === undefined
      ? 'a date and time such as 2024-01-31 14:05:00'
      : (EXPECTED[expected as DateOrder] ?? expected);
  return `${quoted} is not a date (expected ${shape})${otherOrderHint(text, expected)}`;
}

/*
 * Detection decides a date order from the first rows; a day-first log whose first rows fall on days
 * 1-12 reads month-first until a day past 12 comes, and every row from there is invalid. Saying the
 * other order reads the text points the analyst to the setting that fixes the whole file.
 */
function otherOrderHint(text: string, expected: DateOrder | string | undefined): string {
  if (expected !== 'mdy' && expected !== 'dmy') return '';
  const other: DateOrder = expected === 'mdy' ? 'dmy' : 'mdy';
  if (readDateTimeText(text, other) === undefined) return '';
  return `; it reads as ${EXPECTED[other]}: if the file's dates are written so, set "Dates read as" to ${EXPECTED[other]}`;
}

export function shorten(text: string, max = 60): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
