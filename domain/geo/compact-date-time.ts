/*
 * Dates and times of day written as bare digits, as GPS loggers copy them from NMEA: a time
 * "173418" or "173418.50" (hhmmss), a date "250724" (six digits: Columbus loggers write YYMMDD,
 * NMEA's RMC and the loggers that copy it DDMMYY) or "20250724" (YYYYMMDD). Read only in columns
 * chosen by their name (Date, Time), so a column of other six-digit numbers is never taken for one.
 */
import type { MapDateOrder } from './geo-settings.ts';

const COMPACT_CLOCK = /^\s*([01]\d|2[0-3])([0-5]\d)([0-5]\d(?:\.\d{1,6})?)\s*$/;
const SIX_DIGITS = /^\s*(\d{2})(\d{2})(\d{2})\s*$/;
const EIGHT_DIGITS = /^\s*((?:19|20)\d{2})(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])\s*$/;

const isCompactClock = (cell: string) => COMPACT_CLOCK.test(cell);

/** The first column of a time-of-day name (`wanted`, in order) whose sample cells are all bare hhmmss. */
export function compactClockColumn(
  wanted: readonly string[],
  names: readonly string[],
  sampleRows: readonly (readonly string[])[],
  taken: ReadonlySet<number>,
): number | undefined {
  return wanted
    .flatMap((kind) => names.flatMap((name, at) => (name === kind && !taken.has(at) ? [at] : [])))
    .find((at) => sampleRows.every((row) => isCompactClock(row[at] ?? '')));
}
export const isCompactDate = (cell: string) => SIX_DIGITS.test(cell) || EIGHT_DIGITS.test(cell);

/** "173418.5" as "17:34:18.5", or the cell as it is when not so written. */
export function expandClock(cell: string): string {
  const match = COMPACT_CLOCK.exec(cell);
  return match === null ? cell : `${match[1]}:${match[2]}:${match[3]}`;
}

// A two-digit year: 80-99 are the 1900s (GPS began in 1980), the rest the 2000s, as NMEA is read.
const fullYear = (year: string) => (Number(year) < 80 ? `20${year}` : `19${year}`);

/** A compact date as year-month-day text in the given order (year first unless said), else the cell. */
export function expandDate(cell: string, order: MapDateOrder | undefined): string {
  const eight = EIGHT_DIGITS.exec(cell);
  if (eight !== null) return `${eight[1]}-${eight[2]}-${eight[3]}`;
  const six = SIX_DIGITS.exec(cell);
  if (six === null) return cell;
  const [, first, middle, last] = six as unknown as [string, string, string, string];
  if (order === 'dmy') return `${fullYear(last)}-${middle}-${first}`;
  if (order === 'mdy') return `${fullYear(last)}-${first}-${middle}`;
  return `${fullYear(first)}-${middle}-${last}`;
}

const inRange = (text: string, low: number, high: number) => Number(text) >= low && Number(text) <= high;

/**
 * The order of six-digit dates from the cells: the one that makes every cell a date, else the one
 * whose day changes along the file while its year stays, else year first (Columbus's YYMMDD).
 */
export function compactDateOrder(cells: readonly string[]): { order: MapDateOrder | undefined; why?: string } {
  const six = cells.map((cell) => SIX_DIGITS.exec(cell)).filter((match) => match !== null);
  if (six.length === 0) return { order: undefined };
  const yearFirst = six.every((match) => inRange(match[2]!, 1, 12) && inRange(match[3]!, 1, 31));
  const dayFirst = six.every((match) => inRange(match[1]!, 1, 31) && inRange(match[2]!, 1, 12));
  const varies = (at: 1 | 3) => new Set(six.map((match) => match[at])).size > 1;
  const dmy = { order: 'dmy' as const, why: 'six-digit dates read as day, month, year (DDMMYY, as NMEA writes them)' };
  const ymd = {
    order: 'ymd' as const,
    why: 'six-digit dates read as year, month, day (YYMMDD, as Columbus loggers write them; "Dates are" can say day first)',
  };
  if (dayFirst && !yearFirst) return dmy;
  if (yearFirst && !dayFirst) return ymd;
  if (varies(1) && !varies(3)) return dmy;
  return ymd;
}
