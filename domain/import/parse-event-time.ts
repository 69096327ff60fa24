/*
 * The time of a cell or field: section 5's forms in the chosen zone (parse-date.ts), else a time
 * with its own UTC offset (parse-offset-date-time.ts). Also the zone lookup the parsers share and
 * the reason an invalid time is given, so every format words it the same way.
 */
import type { ZoneId } from '@js-joda/core';
import { parseDate, type NumericTimestampUnit } from '../time/parse-date.ts';
import { loadTimeZones, resolveTimeZone } from '../time/time-zone-loader.ts';
import { isKnownTimeZone } from '../time/time-zone-table.ts';
import { ImportError } from './import-error.ts';
import { parseOffsetDateTime } from './parse-offset-date-time.ts';

export function parseEventTime(text: string, zone: ZoneId, numericUnit: NumericTimestampUnit): number | undefined {
  return parseDate(text, zone, { numericUnit }) ?? parseOffsetDateTime(text);
}

/** The ZoneId for a setting, loading the zone rules first unless the zone is UTC. */
export async function loadZone(name: string): Promise<ZoneId> {
  if (!isKnownTimeZone(name)) {
    throw new ImportError('bad-settings', `The time zone ${JSON.stringify(name)} is not in the known zone table`);
  }
  if (name !== 'UTC') await loadTimeZones();
  return resolveTimeZone(name);
}

const DECIMAL = /^\s*\d+\.\d+\s*$/;
const LONG_FRACTION = /^\s*\d+\.\d{7,}\s*$/;

/** Why a time text gave no value, e.g. "'2024-13-01 00:00:00' is not a date in a format of section 5". */
export function timeReason(text: string, numericUnit: NumericTimestampUnit): string {
  const quoted = `'${shorten(text)}'`;
  if (text.trim() === '') return 'is empty';
  if (LONG_FRACTION.test(text)) return `${quoted} has more than 6 fraction digits (finer than a microsecond)`;
  if (DECIMAL.test(text) && numericUnit !== 'seconds') {
    return `${quoted} is a decimal number: numeric timestamps are read as microseconds; set them to seconds`;
  }
  return `${quoted} is not a date in a format of section 5`;
}

export function shorten(text: string, max = 60): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
