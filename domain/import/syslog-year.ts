/*
 * RFC 3164 times have no year. YearRoller follows the dates through a file, rolling the year over when
 * a date jumps back by more than half a year (Dec 31 → Jan 1) and not for small steps back (macOS
 * writes lines out of order after a sleep). inferSyslogYear picks the first line's year from evidence.
 */
import { isLeapYear } from './local-micros.ts';

export interface MonthDay {
  readonly month: number;
  readonly day: number;
  readonly line: number;
}

const HALF_YEAR_DAYS = 183;

export class YearRoller {
  private year: number;
  private previousDay: number | undefined;

  constructor(firstYear: number) {
    this.year = firstYear;
  }

  /** The year of the next date in file order. */
  yearOf(month: number, day: number): number {
    const dayOfYear = (month - 1) * 31 + day;
    if (this.previousDay !== undefined) {
      if (dayOfYear < this.previousDay - HALF_YEAR_DAYS) this.year += 1;
      else if (dayOfYear > this.previousDay + HALF_YEAR_DAYS) this.year -= 1;
    }
    this.previousDay = dayOfYear;
    return this.year;
  }
}

interface YearGuess {
  readonly year: number;
  readonly reason: string;
}

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * The first date's year: the latest year for which no date falls after `reference` (today, or a date
 * the file name carries) and every Feb 29 lands in a leap year. Undefined when no date is given.
 */
export function inferSyslogYear(
  dates: readonly MonthDay[],
  reference: Date,
  referenceLabel: string,
): YearGuess | undefined {
  if (dates.length === 0) return undefined;
  const roller = new YearRoller(0);
  const offsets = dates.map((date) => roller.yearOf(date.month, date.day));
  const rollovers = Math.max(...offsets);
  const leapDays = dates.flatMap((date, index) =>
    date.month === 2 && date.day === 29 ? [{ date, offset: offsets[index] ?? 0 }] : [],
  );
  // The latest date in the file, by (year offset, month, day): out-of-order lines do not hide it.
  let latest = 0;
  dates.forEach((date, index) => {
    const key = (offsets[index] ?? 0) * 10_000 + date.month * 100 + date.day;
    if (key > latest) latest = key;
  });
  const latestOffset = Math.floor(latest / 10_000);
  const latestMonth = Math.floor((latest % 10_000) / 100);
  const latestDay = latest % 100;
  const refYear = reference.getUTCFullYear();
  const refKey = (reference.getUTCMonth() + 1) * 100 + reference.getUTCDate();
  for (let year = refYear - latestOffset; year > refYear - latestOffset - 40; year -= 1) {
    const lastYear = year + latestOffset;
    if (lastYear === refYear && latestMonth * 100 + latestDay > refKey) continue;
    if (!leapDays.every(({ offset }) => isLeapYear(year + offset))) continue;
    const roll =
      rollovers > 0 ? `; the dates roll over into a new year ${rollovers === 1 ? 'once' : `${rollovers} times`}` : '';
    const first = leapDays[0];
    const reason =
      first !== undefined
        ? `year ${year} inferred: Feb 29 (line ${first.date.line}) falls only in a leap year, and ${year + first.offset} is the latest one with no line after ${referenceLabel}${roll}`
        : `year ${year} assumed: the latest year in which the last date (${MONTH_NAMES[latestMonth - 1]} ${latestDay}) is not after ${referenceLabel}${roll}`;
    return { year, reason };
  }
  return undefined;
}

/** A date a rotated log's name carries ("syslog-20190225", "messages.2019-02-25"), else undefined. */
export function fileNameDate(fileName: string): { date: Date; label: string } | undefined {
  const full = /(?<!\d)((?:19|20)\d{2})[-_.]?(0[1-9]|1[0-2])[-_.]?(0[1-9]|[12]\d|3[01])(?!\d)/.exec(fileName);
  if (full !== null) {
    const [, year, month, day] = full;
    return {
      date: new Date(Date.UTC(Number(year), Number(month) - 1, Number(day))),
      label: `the date in the file name (${year}-${month}-${day})`,
    };
  }
  const yearOnly = /(?<!\d)((?:19|20)\d{2})(?!\d)/.exec(fileName);
  if (yearOnly === null) return undefined;
  return {
    date: new Date(Date.UTC(Number(yearOnly[1]), 11, 31)),
    label: `the end of ${yearOnly[1]}, the year in the file name`,
  };
}

// A full date in the message (Palo Alto's "2024/03/05 12:00:00", FortiGate's "date=2024-03-05").
const MESSAGE_DATE = /(?<!\d)((?:19|20)\d{2})[-/.](\d{1,2})[-/.](\d{1,2})(?!\d)/;

/** The year a message's own full date gives, when its month and day are the header's. */
export function messageYear(message: string, month: number, day: number): number | undefined {
  const match = MESSAGE_DATE.exec(message.slice(0, 400));
  if (match === null || Number(match[2]) !== month || Number(match[3]) !== day) return undefined;
  return Number(match[1]);
}

/**
 * The first date's year from the years the messages' own dates give (`years[i]` for `dates[i]`),
 * followed back through the year rollovers; undefined unless most of those that give one agree.
 */
export function yearFromMessages(
  dates: readonly MonthDay[],
  years: readonly (number | undefined)[],
): YearGuess | undefined {
  const roller = new YearRoller(0);
  const votes = new Map<number, number>();
  let given = 0;
  dates.forEach((date, index) => {
    const offset = roller.yearOf(date.month, date.day);
    const year = years[index];
    if (year === undefined) return;
    given += 1;
    votes.set(year - offset, (votes.get(year - offset) ?? 0) + 1);
  });
  const [year, count] = [...votes].sort((a, b) => b[1] - a[1])[0] ?? [0, 0];
  if (count === 0 || count * 2 <= given) return undefined;
  return {
    year,
    reason: `year ${year} from the full dates the messages carry (${count} of ${dates.length} lines)`,
  };
}
