/*
 * Between a datetime-local input's value ("2026-11-22T10:30" or "…T10:30:15") and microseconds,
 * read in the chosen time zone (not the browser's). The parsing is domain/time's (spec section 5).
 */
import { formatMicros } from './format-micros.ts';
import { parseDate } from './parse-date.ts';

const INPUT = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(:\d{2})?(?:\.\d+)?$/;
const MICROS_PER_SECOND = 1_000_000;

/**
 * The instant an input names, or undefined. `end` makes it the last microsecond of the named second,
 * so "until 10:30:15" includes everything that happened during that second.
 */
export function inputToMicros(value: string, zone: string, end = false): number | undefined {
  const match = INPUT.exec(value.trim());
  if (!match) return undefined;
  const micros = parseDate(`${match[1]} ${match[2]}${match[3] ?? ':00'}`, zone);
  if (micros === undefined) return undefined;
  return end ? micros + MICROS_PER_SECOND - 1 : micros;
}

export function microsToInput(micros: number | undefined, zone: string): string {
  return micros === undefined ? '' : formatMicros(micros, zone, 'YYYY-MM-DD[T]HH:mm:ss');
}
