/*
 * Date-time text in the shapes logs and exports write, read by one left-to-right scan (no regex per
 * call: it runs on every row of million-row files) into calendar fields, not yet an instant:
 * ISO 8601 with "T" or spaces, numeric dates in three orders with "/", "-" or ".", EXIF's "YYYY:MM:DD", named months,
 * a leading weekday, 12-hour clocks (AM, a.m., a. m.), compact YYYYMMDD[ HHMMSS], 1-9 fraction digits
 * and a trailing offset (Z, UTC, GMT, ±hh, ±hhmm, ±hh:mm, UTC+hh:mm, or a zone abbreviation that names one
 * offset, as PostgreSQL's %m and date(1) write "CET"). Ranges are checked here.
 */
import type { WallClock } from './wall-clock.ts';
import { zoneAbbreviationOffset } from './zone-abbreviations.ts';

export type DateOrder = 'ymd' | 'mdy' | 'dmy';

export interface DateTimeFields extends WallClock {
  readonly micros: number;
  /** The text's own UTC offset in minutes; undefined when it names none (a zone-less local time). */
  readonly offsetMinutes: number | undefined;
  /** How finely the text tells the time: -2 a date only, -1 minutes, 0 seconds, else fraction digits. */
  readonly precision: number;
}

const MONTHS: ReadonlyMap<string, number> = new Map(
  [
    ['jan', 'january'],
    ['feb', 'february'],
    ['mar', 'march'],
    ['apr', 'april'],
    ['may'],
    ['jun', 'june'],
    ['jul', 'july'],
    ['aug', 'august'],
    ['sep', 'sept', 'september'],
    ['oct', 'october'],
    ['nov', 'november'],
    ['dec', 'december'],
  ].flatMap((names, index) => names.map((name) => [name, index + 1] as const)),
);
const WEEKDAYS = new Set([
  'mon',
  'monday',
  'tue',
  'tues',
  'tuesday',
  'wed',
  'wednesday',
  'thu',
  'thur',
  'thurs',
  'thursday',
  'fri',
  'friday',
  'sat',
  'saturday',
  'sun',
  'sunday',
]);

interface Scan {
  readonly text: string;
  at: number;
}

const isDigit = (code: number) => code >= 48 && code <= 57;
const isLetter = (code: number) => (code | 32) >= 97 && (code | 32) <= 122;
const code = (scan: Scan) => scan.text.charCodeAt(scan.at);

function digits(scan: Scan): string {
  const from = scan.at;
  while (isDigit(code(scan))) scan.at += 1;
  return scan.text.slice(from, scan.at);
}
function word(scan: Scan): string {
  const from = scan.at;
  while (isLetter(code(scan))) scan.at += 1;
  return scan.text.slice(from, scan.at).toLowerCase();
}
function spaces(scan: Scan): number {
  const from = scan.at;
  while (code(scan) === 32 || code(scan) === 9) scan.at += 1;
  return scan.at - from;
}
function accept(scan: Scan, char: string): boolean {
  if (scan.text[scan.at] !== char) return false;
  scan.at += 1;
  return true;
}

/** Two-digit years as POSIX strptime reads them: 69-99 are 1900s, 00-68 2000s. */
const fullYear = (text: string) =>
  text.length === 2 ? Number(text) + (Number(text) >= 69 ? 1900 : 2000) : Number(text);

interface CalendarDate {
  year: number | undefined;
  month: number;
  day: number;
}

/** Calendar fields of `text`, or undefined when it is not a date-time this reader knows. */
export function readDateTimeText(
  text: string,
  order: DateOrder | undefined,
  defaultYear?: number,
): DateTimeFields | undefined {
  const scan: Scan = { text: text.trim(), at: 0 };
  const iso = readIsoDateTime(scan.text);
  if (iso !== undefined) return iso;
  if (isLetter(code(scan))) {
    const from = scan.at;
    if (WEEKDAYS.has(word(scan))) {
      accept(scan, ',');
      if (spaces(scan) === 0) return undefined;
    } else scan.at = from;
  }
  const date = readDate(scan, order);
  if (date === undefined) return undefined;
  let clock: Clock = { hour: 0, minute: 0, second: 0, micros: 0, precision: -2 };
  const beforeSeparator = scan.at;
  const separated =
    isDigit(code(scan)) ||
    accept(scan, 'T') ||
    accept(scan, 't') ||
    accept(scan, ':') ||
    accept(scan, '-') ||
    accept(scan, '_') ||
    (accept(scan, ',') ? spaces(scan) >= 0 : spaces(scan) > 0);
  // English long dates say "at" before the clock ("Tuesday, March 5, 2024 at 10:11:12 AM UTC": Google
  // Takeout, Outlook, macOS).
  if (separated && /^at\s+\d/.test(scan.text.slice(scan.at, scan.at + 8))) {
    scan.at += 2;
    spaces(scan);
  }
  // Kibana's default date format puts an "@" there ("Mar 5, 2024 @ 12:00:01.123"): Discover's CSV exports.
  if (separated && /^@\s+\d/.test(scan.text.slice(scan.at, scan.at + 4))) {
    scan.at += 1;
    spaces(scan);
  }
  if (separated && isDigit(code(scan))) {
    const read = readClock(scan);
    if (read === undefined) return undefined;
    clock = read;
  } else scan.at = beforeSeparator;
  let earlyOffset: number | undefined;
  if (date.year === undefined) {
    // asctime and XChat put the year after the clock ("Mon Dec 31 21:11:55 2011"), date(1) after
    // the zone ("Mon Dec 31 21:11:55 UTC 2011").
    const before = scan.at;
    spaces(scan);
    const zone = readOffset(scan);
    spaces(scan);
    const year = digits(scan);
    if (year.length === 4 && zone !== null) {
      date.year = Number(year);
      earlyOffset = zone;
    } else scan.at = before;
  }
  const year = date.year ?? defaultYear;
  if (year === undefined) return undefined;
  spaces(scan);
  const offsetMinutes = earlyOffset ?? readOffset(scan);
  if (offsetMinutes === null) return undefined;
  // Java's ZonedDateTime adds the zone's name: "2024-01-02T03:04:05+01:00[Europe/Paris]".
  if (offsetMinutes !== undefined && scan.text[scan.at] === '[' && scan.text.endsWith(']')) scan.at = scan.text.length;
  spaces(scan);
  if (scan.at !== scan.text.length) return undefined;
  if (date.month < 1 || date.month > 12 || date.day < 1 || date.day > daysInMonth(year, date.month)) return undefined;
  return { year, month: date.month, day: date.day, ...clock, offsetMinutes };
}

// Digit pairs and runs as numbers, -1 when a character is not a digit.
function digitsAt(text: string, from: number, count: number): number {
  let value = 0;
  for (let index = from; index < from + count; index += 1) {
    const digit = text.charCodeAt(index) - 48;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}

/**
 * "2024-01-02 03:04:05", with "T", a fraction of 1-9 digits and "Z" optional: the shape most files write,
 * read here without the general scan's slices and objects (on every row of million-row files). Any other
 * text, or one out of range, answers undefined and goes the general way, which reads this shape the same.
 */
function readIsoDateTime(text: string): DateTimeFields | undefined {
  const length = text.length;
  if (length < 19 || text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45) return undefined;
  const separator = text.charCodeAt(10);
  if ((separator !== 32 && separator !== 84) || text.charCodeAt(13) !== 58 || text.charCodeAt(16) !== 58)
    return undefined;
  const zulu = text.charCodeAt(length - 1) === 90;
  const end = zulu ? length - 1 : length;
  let micros = 0;
  let precision = 0;
  if (end > 19) {
    precision = end - 20;
    if (text.charCodeAt(19) !== 46 || precision < 1 || precision > 9) return undefined;
    const fraction = digitsAt(text, 20, precision);
    if (fraction < 0) return undefined;
    micros = precision >= 6 ? Math.trunc(fraction / 10 ** (precision - 6)) : fraction * 10 ** (6 - precision);
  } else if (end !== 19) return undefined;
  const year = digitsAt(text, 0, 4);
  const month = digitsAt(text, 5, 2);
  const day = digitsAt(text, 8, 2);
  const hour = digitsAt(text, 11, 2);
  const minute = digitsAt(text, 14, 2);
  const second = digitsAt(text, 17, 2);
  if (year < 0 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  if (hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 59) return undefined;
  return { year, month, day, hour, minute, second, micros, precision, offsetMinutes: zulu ? 0 : undefined };
}

function readDate(scan: Scan, order: DateOrder | undefined): CalendarDate | undefined {
  if (isLetter(code(scan))) {
    // "Dec 31 2011", "January 2, 2024", "dec 31 21:11:55" (no year).
    const month = MONTHS.get(word(scan));
    if (month === undefined || !(accept(scan, ' ') || accept(scan, '-') || accept(scan, '/'))) return undefined;
    spaces(scan);
    const day = digits(scan);
    if (day.length < 1 || day.length > 2) return undefined;
    const before = scan.at;
    accept(scan, ',');
    spaces(scan);
    const year = digits(scan);
    if (year.length === 4 && scan.text[scan.at] !== ':') return { year: Number(year), month, day: Number(day) };
    scan.at = before;
    return { year: undefined, month, day: Number(day) };
  }
  const first = digits(scan);
  if (first.length === 8 || first.length === 14) {
    // Compact YYYYMMDD; a 14-digit run carries HHMMSS too, left for the clock reader.
    if (first.length === 14) scan.at -= 6;
    return { year: Number(first.slice(0, 4)), month: Number(first.slice(4, 6)), day: Number(first.slice(6, 8)) };
  }
  const separator = scan.text[scan.at];
  // EXIF writes "2024:03:05 11:00:01" (exiftool's CSV of photos' and drone images' tags): colons after a year only.
  const exif = separator === ':' && first.length === 4;
  if (separator !== '-' && separator !== '/' && separator !== '.' && separator !== ' ' && !exif) return undefined;
  scan.at += 1;
  if (first.length === 4) {
    const month = isLetter(code(scan)) ? MONTHS.get(word(scan)) : Number(digits(scan));
    if (month === undefined || !accept(scan, separator)) return undefined;
    const day = digits(scan);
    return day.length >= 1 && day.length <= 2 ? { year: Number(first), month, day: Number(day) } : undefined;
  }
  if (first.length > 2 || first.length === 0) return undefined;
  if (isLetter(code(scan))) {
    // "31 Dec 2011", "13/Jan/2016", "02-OCT-10".
    const month = MONTHS.get(word(scan));
    if (month === undefined || !accept(scan, separator)) return undefined;
    const year = digits(scan);
    return year.length === 2 || year.length === 4 ? { year: fullYear(year), month, day: Number(first) } : undefined;
  }
  if (separator === ' ') return undefined;
  const second = digits(scan);
  if (second.length < 1 || second.length > 2 || !accept(scan, separator)) return undefined;
  const third = digits(scan);
  if (third.length !== 2 && third.length !== 4) return undefined;
  const [a, b] = [Number(first), Number(second)];
  if (order === 'ymd') return third.length === 2 ? { year: fullYear(first), month: b, day: Number(third) } : undefined;
  const dayFirst = order === 'dmy' || (order === undefined && (a > 12 || (b <= 12 && separator === '.')));
  return { year: fullYear(third), month: dayFirst ? b : a, day: dayFirst ? a : b };
}

interface Clock {
  hour: number;
  minute: number;
  second: number;
  micros: number;
  precision: number;
}

function readClock(scan: Scan): Clock | undefined {
  const first = digits(scan);
  let hour: number;
  let minute: number;
  let second = 0;
  let precision = 0;
  if (first.length === 6 || first.length === 4) {
    // Compact HHMMSS or HHMM: "20100720 183814", Trend Micro's "1316".
    hour = Number(first.slice(0, 2));
    minute = Number(first.slice(2, 4));
    if (first.length === 6) second = Number(first.slice(4, 6));
    else precision = -1;
  } else {
    if (first.length < 1 || first.length > 2 || !accept(scan, ':')) return undefined;
    hour = Number(first);
    const minutes = digits(scan);
    if (minutes.length !== 2) return undefined;
    minute = Number(minutes);
    if (accept(scan, ':')) {
      const seconds = digits(scan);
      if (seconds.length !== 2) return undefined;
      second = Number(seconds);
    } else precision = -1;
  }
  let micros = 0;
  if ((scan.text[scan.at] === '.' || scan.text[scan.at] === ',') && isDigit(scan.text.charCodeAt(scan.at + 1))) {
    scan.at += 1;
    const fraction = digits(scan);
    if (fraction.length > 9) return undefined;
    micros = Number(fraction.slice(0, 6).padEnd(6, '0'));
    precision = fraction.length;
  }
  const meridiem = readMeridiem(scan);
  if (meridiem !== undefined) {
    if (hour < 1 || hour > 12) return undefined;
    hour = (hour % 12) + (meridiem === 'pm' ? 12 : 0);
  }
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  return { hour, minute, second, micros, precision };
}

/** "AM", "pm", "a.m.", "p. m." after optional spaces; undefined (nothing consumed) otherwise. */
function readMeridiem(scan: Scan): 'am' | 'pm' | undefined {
  const from = scan.at;
  spaces(scan);
  const letter = scan.text[scan.at]?.toLowerCase();
  if (letter === 'a' || letter === 'p') {
    scan.at += 1;
    const dotted = accept(scan, '.');
    if (dotted) spaces(scan);
    if (scan.text[scan.at]?.toLowerCase() === 'm') {
      scan.at += 1;
      if (dotted) accept(scan, '.');
      if (!isLetter(code(scan))) return letter === 'a' ? 'am' : 'pm';
    }
  }
  scan.at = from;
  return undefined;
}

/** The offset in minutes, undefined when there is none, null when one is started but malformed. */
function readOffset(scan: Scan): number | undefined | null {
  if (accept(scan, 'Z') || accept(scan, 'z')) return 0;
  const from = scan.at;
  const name = word(scan);
  const abbreviation = name === 'utc' || name === 'gmt' ? undefined : zoneAbbreviationOffset(name);
  if (abbreviation !== undefined) return abbreviation;
  if (name !== '' && name !== 'utc' && name !== 'gmt') {
    scan.at = from;
    return undefined;
  }
  const sign = scan.text[scan.at];
  if (sign !== '+' && sign !== '-') return name === '' ? undefined : 0;
  scan.at += 1;
  const hours = digits(scan);
  let minutes = '00';
  if (hours.length === 4) minutes = hours.slice(2);
  else if (hours.length !== 1 && hours.length !== 2) return null;
  else if (accept(scan, ':')) minutes = digits(scan);
  const total = Number(hours.length === 4 ? hours.slice(0, 2) : hours) * 60 + Number(minutes);
  if (minutes.length !== 2 || Number(minutes) > 59 || total > 18 * 60) return null;
  return sign === '-' ? -total : total;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}
