/*
 * ISO 8601 times that carry their own UTC offset (HAR startedDateTime, Timesketch datetime, an
 * export's "2023-10-25 17:44:53 UTC"), read to microseconds. They name one instant, so no zone
 * setting applies. Section 5 is silent on them; refusing them would refuse HAR itself, so the
 * importers accept them beside section 5's forms. Rules:
 *  - "T" or one space between date and time; seconds required; a fraction of 1-9 digits after "."
 *    or ",", truncated to microseconds (Fiddler writes 7 digits; rounding could cross a second).
 *  - The zone is "Z", "UTC" or "GMT" (optionally after a space) or ±hh, ±hhmm, ±hh:mm up to 18 h.
 *  - Calendar ranges are checked as in parse-date.ts; no leap seconds; 1970 to MAX_SAFE_INTEGER µs.
 */
const OFFSET_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:[.,](\d{1,9}))? ?(?:([Zz]|UTC|GMT)|([+-])(\d{2})(?::?(\d{2}))?)$/;

export function parseOffsetDateTime(text: string): number | undefined {
  const match = OFFSET_DATE_TIME.exec(text.trim());
  if (match === null) return undefined;
  const [, year, month, day, hour, minute, second, fraction = '', utc, sign, offsetHours, offsetMinutes = '00'] = match;
  const y = Number(year);
  const mo = Number(month);
  const d = Number(day);
  const h = Number(hour);
  const mi = Number(minute);
  const s = Number(second);
  // Years before 1900 cannot land after the epoch, and Date.UTC reads 0-99 as 1900-1999.
  if (y < 1900 || mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo) || h > 23 || mi > 59 || s > 59) return undefined;
  let offsetMillis = 0;
  if (utc === undefined) {
    const oh = Number(offsetHours);
    const om = Number(offsetMinutes);
    if (oh > 18 || om > 59) return undefined;
    offsetMillis = (sign === '-' ? -1 : 1) * (oh * 60 + om) * 60_000;
  }
  const micros = (Date.UTC(y, mo - 1, d, h, mi, s) - offsetMillis) * 1000 + Number(fraction.slice(0, 6).padEnd(6, '0'));
  return Number.isSafeInteger(micros) && micros >= 0 ? micros : undefined;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}
