/*
 * Displaying epoch microseconds in a zone. A small token set instead of js-joda's DateTimeFormatter:
 * core js-joda refuses text fields (month names, AM/PM) without the @js-joda/locale plugin, another
 * large download, and the screens need only these tokens.
 */
import { Instant, ZonedDateTime, type ZoneId } from '@js-joda/core';
import { MONTH_ABBREVIATIONS } from './month-abbreviations.ts';
import { resolveTimeZone } from './time-zone-loader.ts';
import { formatUtcOffset } from './time-zone-table.ts';

/** The timeline's full-precision form; parseDate reads it back unchanged. */
export const DEFAULT_DATE_TIME_PATTERN = 'YYYY-MM-DD HH:mm:ss.SSSSSS';

// [text] is copied literally; S..SSSSSS is the fraction of a second, truncated (never rounded up, so
// 23:59:59.9999996 cannot show as the next day). Z is the offset, "+01:00"; A is AM or PM.
const TOKENS = /\[([^\]]*)]|YYYY|MMM|MM|DD|HH|hh|mm|ss|S{1,6}|A|Z/g;
const MICROS_PER_SECOND = 1_000_000;

/**
 * Formats microseconds since the epoch in `zone` (a table name or a ZoneId). Tokens: YYYY, MM, MMM
 * (Jan..Dec), DD, HH (00-23), hh (01-12), A (AM/PM), mm, ss, S to SSSSSS, Z, [literal]. Throws a
 * RangeError for a value that is not a safe integer: it cannot have come from parseDate.
 */
export function formatMicros(
  micros: number,
  zone: ZoneId | string,
  pattern: string = DEFAULT_DATE_TIME_PATTERN,
): string {
  if (!Number.isSafeInteger(micros)) throw new RangeError(`Not integer microseconds: ${micros}`);
  // % and exact subtraction, not Math.floor(micros / 1e6): near 2^53 that division rounds up a second.
  const microOfSecond = ((micros % MICROS_PER_SECOND) + MICROS_PER_SECOND) % MICROS_PER_SECOND;
  const epochSecond = (micros - microOfSecond) / MICROS_PER_SECOND;
  const zoneId = typeof zone === 'string' ? resolveTimeZone(zone) : zone;
  const time = ZonedDateTime.ofInstant(Instant.ofEpochSecond(epochSecond, microOfSecond * 1000), zoneId);
  const fraction = String(microOfSecond).padStart(6, '0');
  const hour = time.hour();
  return pattern.replace(TOKENS, (token: string, literal: string | undefined) => {
    if (literal !== undefined) return literal;
    if (token.startsWith('S')) return fraction.slice(0, token.length);
    switch (token) {
      case 'YYYY':
        return String(time.year()).padStart(4, '0');
      case 'MMM':
        return MONTH_ABBREVIATIONS[time.monthValue() - 1] ?? '';
      case 'MM':
        return pad2(time.monthValue());
      case 'DD':
        return pad2(time.dayOfMonth());
      case 'HH':
        return pad2(hour);
      case 'hh':
        return pad2(hour % 12 === 0 ? 12 : hour % 12);
      case 'A':
        return hour < 12 ? 'AM' : 'PM';
      case 'mm':
        return pad2(time.minute());
      case 'ss':
        return pad2(time.second());
      default:
        // Offsets with seconds exist only in local mean time before 1900, outside our range.
        return formatUtcOffset(Math.trunc(time.offset().totalSeconds() / 60));
    }
  });
}

function pad2(value: number): string {
  return String(value).padStart(2, '0');
}
