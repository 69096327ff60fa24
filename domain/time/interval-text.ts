/*
 * A time interval (the incident's toolbar, the organization's filters) as text in the chosen zone, read back with the parser of spec
 * section 5. Pure, so the messages beside the fields are tested without a browser.
 */
import { formatMicros } from './format-micros.ts';
import { parseDate } from './parse-date.ts';

export const INTERVAL_PATTERN = 'YYYY-MM-DD HH:mm:ss';

export function intervalText(micros: number | undefined, zone: string): string {
  return micros === undefined ? '' : formatMicros(micros, zone, INTERVAL_PATTERN);
}

type IntervalResult =
  { ok: true; interval: { start: number; end: number } | null } | { ok: false; errors: { from?: string; to?: string } };

const NOT_A_DATE = 'is not a date (YYYY-MM-DD HH:mm:ss)';

/** Both empty clears the interval; one empty takes the incident's first or last time. */
export function parseInterval(
  fromText: string,
  toText: string,
  zone: string,
  bounds: { first: number; last: number },
): IntervalResult {
  if (fromText.trim() === '' && toText.trim() === '') return { ok: true, interval: null };
  const start = fromText.trim() === '' ? bounds.first : parseDate(fromText, zone);
  const end = toText.trim() === '' ? bounds.last : parseDate(toText, zone);
  const errors: { from?: string; to?: string } = {};
  if (start === undefined) errors.from = NOT_A_DATE;
  if (end === undefined) errors.to = NOT_A_DATE;
  if (start !== undefined && end !== undefined && end < start) errors.to = 'must not be before From';
  if (errors.from || errors.to || start === undefined || end === undefined) return { ok: false, errors };
  return { ok: true, interval: { start: Math.max(0, start), end: Math.max(0, end) } };
}
