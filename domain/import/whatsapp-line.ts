/*
 * The start of a WhatsApp message line in any locale: `12/31/19, 9:41 PM - Name: text`, `[31.12.19, 21:41:05]
 * Name: text`, `31/12/2019 à 21:41 – Name`, with `a. m.`/`p. m.`, U+202F before AM/PM, 2- or 4-digit years.
 * The order of the date's fields is not in the line: the settings (from the detection's evidence) give it.
 */
import type { DateOrder } from './chat-settings.ts';
import type { WallTime } from './chat-time.ts';

export interface WhatsappStart {
  /** The date and time as written, for reasons and extra. */
  readonly stamp: string;
  readonly fields: readonly [number, number, number];
  /** Whether the first field has four digits (a year-first date). */
  readonly yearFirst: boolean;
  /** What separates the date's fields: "/", "." or "-". */
  readonly separator: string;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
  /** Whether the time has seconds: iOS writes them, Android only in some locales (after a comma). */
  readonly withSeconds: boolean;
  /** Whether a comma follows the date ("21/10/21, 15:21:45"), as WhatsApp writes it and application logs do not. */
  readonly dateComma: boolean;
  readonly meridiem: 'am' | 'pm' | undefined;
  readonly platform: 'android' | 'ios';
  readonly body: string;
}

const SPACE = '[\\s\\u00a0\\u202f]';
// Unicode direction marks iOS puts before system lines and attachments.
const MARKS = /^[\ufeff\u200e\u200f\u202a-\u202e]+/;
const START = new RegExp(
  String.raw`^(?<bracket>\[)?(?<stamp>(?<first>\d{1,4})(?<sep>[./-])(?<second>\d{1,2})\k<sep>(?<third>\d{2,4})\.?(?<comma>,)?${SPACE}+(?:(?:à|klo|kl\.)${SPACE}+)?` +
    String.raw`(?<hour>\d{1,2})[:.](?<minute>\d{2})(?:[:.](?<seconds>\d{2}))?(?:${SPACE}*(?<meridiem>[AaPp])\.?${SPACE}?[Mm]\.?)?)` +
    String.raw`(?<close>\]${SPACE}+|${SPACE}+[-–]${SPACE}+)(?<body>[^]*)$`,
);

export function whatsappStart(line: string): WhatsappStart | undefined {
  const groups = START.exec(line.replace(MARKS, ''))?.groups;
  if (groups === undefined) return undefined;
  const {
    bracket,
    stamp = '',
    first = '',
    second = '',
    third = '',
    hour = '',
    minute = '',
    sep = '',
    seconds,
    comma,
    meridiem,
    close = '',
    body = '',
  } = groups;
  // An iOS line opens with a bracket and closes it after the time; Android has neither.
  if ((bracket === '[') !== close.startsWith(']')) return undefined;
  return {
    stamp,
    fields: [Number(first), Number(second), Number(third)],
    yearFirst: first.length === 4,
    separator: sep,
    hour: Number(hour),
    minute: Number(minute),
    second: Number(seconds ?? 0),
    withSeconds: seconds !== undefined,
    dateComma: comma !== undefined,
    meridiem: meridiem === undefined ? undefined : meridiem.toLowerCase() === 'a' ? 'am' : 'pm',
    platform: bracket === '[' ? 'ios' : 'android',
    body,
  };
}

const ORDER_NAMES: Record<DateOrder, string> = {
  'day-first': 'day/month/year',
  'month-first': 'month/day/year',
  'year-first': 'year/month/day',
};

/** The wall time of a message start in the given date order, or why it is none. */
export function whatsappTime(start: WhatsappStart, order: DateOrder): WallTime | string {
  const [a, b, c] = start.fields;
  const [year, month, day] =
    start.yearFirst || order === 'year-first' ? [a, b, c] : order === 'day-first' ? [c, b, a] : [c, a, b];
  const fullYear = year < 100 ? 2000 + year : year;
  let hour = start.hour;
  if (start.meridiem !== undefined) {
    if (hour < 1 || hour > 12) return `"${start.stamp}" has hour ${hour} with AM/PM (expected 1 to 12)`;
    hour = (hour % 12) + (start.meridiem === 'pm' ? 12 : 0);
  }
  if (month < 1 || month > 12 || day < 1 || day > 31)
    return `"${start.stamp}" is not a date (expected ${ORDER_NAMES[order]})`;
  return { year: fullYear, month, day, hour, minute: start.minute, second: start.second };
}
