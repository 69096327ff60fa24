/*
 * The instant in a JSON field: an epoch number or digit string (seconds, ms, µs or ns, told apart
 * by magnitude when the unit is 'auto'), .NET's "/Date(ms)/", else a date text read by parseEventTime, else an ISO time
 * without an offset in the settings' zone (Docker's first line, `2016-01-07T16:49:10.0`).
 */
import { LocalDateTime, type ZoneId } from '@js-joda/core';
import type { JsonValue } from './import-record.ts';
import type { JsonNumericUnit } from './json-lines-settings.ts';
import { parseEventTime, shorten } from './parse-event-time.ts';
import { parseOffsetDateTime } from './parse-offset-date-time.ts';

const EPOCH = /^(\d{1,20})(?:\.(\d{1,9}))?$/;
// .NET's JSON date (PowerShell 5's ConvertTo-Json, WCF, ASP.NET AJAX): milliseconds since the epoch in
// UTC, with the writer's offset after them for display only.
const DOTNET_DATE = /^\/Date\((\d{1,15})(?:[+-]\d{4})?\)\/$/;
const ZONELESS_ISO = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}:\d{2})(?:[.,](\d{1,9}))?$/;
const DIGITS_PER_UNIT: Record<Exclude<JsonNumericUnit, 'auto'>, number> = {
  seconds: 0,
  milliseconds: 3,
  microseconds: 6,
  nanoseconds: 9,
};

/** The unit of an epoch value with this many integer digits: 10 digits are seconds of 2001-2286, 13 ms, 16 µs, 19 ns. */
export function unitByMagnitude(integerDigits: number): Exclude<JsonNumericUnit, 'auto'> {
  if (integerDigits <= 11) return 'seconds';
  if (integerDigits <= 14) return 'milliseconds';
  if (integerDigits <= 17) return 'microseconds';
  return 'nanoseconds';
}

/** Microseconds since the epoch of an epoch value's text, exact (digit arithmetic, no float rounding). */
function epochMicros(text: string, unit: JsonNumericUnit): number | undefined {
  const match = EPOCH.exec(text);
  if (match === null) return undefined;
  const [, whole = '', fraction = ''] = match;
  const chosen = unit === 'auto' ? unitByMagnitude(whole.replace(/^0+(?=\d)/, '').length) : unit;
  // Shift the decimal point to microseconds: seconds move 6 places, ms 3, µs 0, ns -3 (truncated).
  const shift = 6 - DIGITS_PER_UNIT[chosen];
  const digits = `${whole}${fraction.padEnd(Math.max(shift, 0), '0')}`;
  const integer = shift >= 0 ? digits.slice(0, whole.length + shift) : whole.slice(0, whole.length + shift);
  const micros = Number(integer === '' ? '0' : integer);
  return Number.isSafeInteger(micros) ? micros : undefined;
}

/** The instant of a field value, or undefined; `zone` applies to times without an offset. */
export function jsonTimeMicros(value: JsonValue | undefined, zone: ZoneId, unit: JsonNumericUnit): number | undefined {
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0) return undefined;
    const text = String(value);
    return text.includes('e') ? undefined : epochMicros(text, unit);
  }
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (EPOCH.test(text)) return epochMicros(text, unit);
  const dotnet = DOTNET_DATE.exec(text);
  if (dotnet !== null) return Number(dotnet[1]) * 1000;
  // The offset form first: it is most JSON logs' and a single regex, where parseEventTime tries many.
  return parseOffsetDateTime(text) ?? parseEventTime(text, zone, 'seconds') ?? zonelessIso(text, zone);
}

/** Why a field value gave no time, in the analyst's words. */
export function jsonTimeReason(path: string, value: JsonValue | undefined): string {
  if (value === undefined) return `"${path}" is missing`;
  if (value === null || value === '') return `"${path}" is empty`;
  const shown = typeof value === 'string' ? `'${shorten(value)}'` : shorten(JSON.stringify(value));
  if (typeof value === 'object') return `"${path}": ${shown} is not a time`;
  return `"${path}": ${shown} is not a time (expected an ISO 8601 date and time such as 2024-01-02T03:04:05Z, another common date form, or an epoch number)`;
}

// NOTE: parseEventTime is being widened to read these itself; this is the stopgap until it does.
function zonelessIso(text: string, zone: ZoneId): number | undefined {
  const match = ZONELESS_ISO.exec(text);
  if (match === null) return undefined;
  const [, date = '', time = '', fraction = ''] = match;
  try {
    const local = LocalDateTime.parse(`${date}T${time}`);
    const seconds = local.atZone(zone).toEpochSecond();
    const micros = seconds * 1_000_000 + Number(fraction.slice(0, 6).padEnd(6, '0'));
    return Number.isSafeInteger(micros) && micros >= 0 ? micros : undefined;
  } catch {
    return undefined;
  }
}
