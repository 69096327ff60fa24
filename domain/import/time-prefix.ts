/*
 * Text logs whose lines start with a time and go on in free text (nginx and Apache error logs,
 * PostgreSQL, Java and Python application logs with their stack traces): where the time ends, decided
 * once from many lines, as a count of leading words or a leading [bracketed] part.
 */
import { ZoneOffset, type ZoneId } from '@js-joda/core';
import type { DateOrder } from '../time/date-time-text.ts';
import { inferTimeShape } from '../time/infer-time-shape.ts';
import { createTimestampReader, type TimestampReader } from '../time/read-timestamp.ts';

interface TimePrefix {
  /** The time is the text inside a leading "[…]" ("[Tue Jan 02 07:41:03.123456 2024]") or "(…)". */
  readonly bracketed: boolean;
  /** Otherwise the count of leading whitespace-separated words it takes ("2024-01-02 07:41:03.515 UTC" is 3). */
  readonly words: number;
  /** A time of day alone ("12:01:02.345", Logback's and log4j's %d{HH:mm:ss.SSS}): the day comes from elsewhere. */
  readonly timeOfDay?: boolean | undefined;
  /** After the words, the zone joined to the next field by a colon (RDS PostgreSQL's "%t:": "… 12:00:01 UTC:10.0.0.1(…)"). */
  readonly zoneGlued?: boolean | undefined;
}

// hours:minutes:seconds with a fraction after "." or "," (log4j's ABSOLUTE writes a comma), or a
// 12-hour clock ("02:22:31 PM": Pidgin's text logs in an English locale).
const CLOCK = /^(\d{1,2}):(\d{2}):(\d{2})(?:[.,](\d{1,9}))?(?: ?([AaPp])\.?[Mm]\.?)?$/;

/** Microseconds since midnight of a time of day, or undefined. */
function clockMicros(text: string): number | undefined {
  const match = CLOCK.exec(text);
  if (match === null) return undefined;
  const [, hour = '', minute = '', second = '', fraction = '', half] = match;
  if (Number(hour) > (half === undefined ? 23 : 12) || Number(minute) > 59 || Number(second) > 59) return undefined;
  const hours = half === undefined ? Number(hour) : (Number(hour) % 12) + (/p/i.test(half) ? 12 : 0);
  const seconds = hours * 3600 + Number(minute) * 60 + Number(second);
  return seconds * 1_000_000 + Number(fraction.slice(0, 6).padEnd(6, '0'));
}

/** A line's time of day (microseconds since midnight) and the rest, under a timeOfDay prefix rule. */
export function clockPrefixReader(prefix: TimePrefix): (line: string) => { clock: number; rest: string } | undefined {
  return (line) => {
    const cut = cutTimePrefix(line, prefix);
    const clock = cut === undefined ? undefined : clockMicros(cut.time);
    return cut === undefined || clock === undefined ? undefined : { clock, rest: cut.rest };
  };
}

interface SplitLine {
  readonly micros: number;
  readonly rest: string;
}

const MAX_WORDS = 6;
const EPOCH_WORD = /^(?:\d{10}(?:\.\d{1,9})?|\d{13}|\d{16}|\d{19})$/;
// Only the shape is judged when inferring, never an instant: UTC stands for any zone.
const UTC_ZONE: ZoneId = ZoneOffset.UTC;
const WORDS = Array.from({ length: MAX_WORDS }, (_, index) => new RegExp(`^\\s*(\\S+(?:\\s+\\S+){${index}})`));
// A zone abbreviation or numeric offset ended by a colon that joins it to the next field, no space between.
const GLUED_ZONE = /^\s+([A-Za-z]{1,5}|[+-]\d{2}(?::?\d{2})?):(?=\S)/;

/** The time text and the rest of a line under a prefix rule, or undefined when the line has no such start. */
function cutTimePrefix(line: string, prefix: TimePrefix): { time: string; rest: string } | undefined {
  if (prefix.bracketed) {
    // Square brackets, or parentheses (Pidgin: "(02:22:31 PM) Bob: text").
    const close = line.startsWith('[') ? ']' : line.startsWith('(') ? ')' : undefined;
    if (close === undefined) return undefined;
    const end = line.indexOf(close);
    return end < 2 ? undefined : { time: line.slice(1, end), rest: line.slice(end + 1) };
  }
  const match = WORDS[prefix.words - 1]?.exec(line);
  if (prefix.zoneGlued === true) {
    const zone = match?.[1] === undefined ? null : GLUED_ZONE.exec(line.slice(match[0].length));
    if (match?.[1] === undefined || zone?.[1] === undefined) return undefined;
    return { time: `${match[1]} ${zone[1]}`, rest: line.slice(match[0].length + zone[0].length) };
  }
  // A comma or semicolon may end the time (Windows CBS: "2024-01-02 07:41:03, Info").
  return match?.[1] === undefined
    ? undefined
    : { time: match[1].replace(/[,;]$/, ''), rest: line.slice(match[0].length) };
}

/** Separators between the time and the text ("2024-… - app - ERROR", "…: text", "| text") dropped. */
export function messageAfterTime(rest: string): string {
  return rest.replace(/^\s*(?:[-|:]\s+)?/, '').trimEnd();
}

export function timePrefixReader(
  prefix: TimePrefix,
  zone: ZoneId,
  dateOrder: DateOrder | undefined,
): (line: string) => SplitLine | undefined {
  const read: TimestampReader = createTimestampReader({ zone, numericUnit: 'auto', dateOrder });
  return (line) => {
    const cut = cutTimePrefix(line, prefix);
    if (cut === undefined) return undefined;
    const micros = read(cut.time);
    return micros === undefined ? undefined : { micros, rest: cut.rest };
  };
}

interface TimePrefixGuess {
  readonly prefix: TimePrefix;
  readonly dateOrder: DateOrder | undefined;
  /** Lines starting with such a time, of the lines judged. */
  readonly matched: number;
  readonly judged: number;
  readonly example: string;
  readonly dateOrderReason: string;
}

/**
 * The prefix rule most lines start with: of the rules whose times read as dates with a time of day,
 * the one matching most lines, the longer on a tie (a trailing zone or year belongs to the time).
 */
export function inferTimePrefix(lines: readonly string[]): TimePrefixGuess | undefined {
  const judged = lines.filter((line) => line.trim() !== '');
  if (judged.length === 0) return undefined;
  const rules: TimePrefix[] = [
    { bracketed: true, words: 0 },
    // Each count of words, then the same with a glued zone after it: on a tie the zone is the time's.
    ...Array.from({ length: MAX_WORDS }, (_, index) => [
      { bracketed: false, words: index + 1 },
      { bracketed: false, words: index + 1, zoneGlued: true },
    ]).flat(),
  ];
  let best: TimePrefixGuess | undefined;
  for (const prefix of rules) {
    const times = judged.map((line) => cutTimePrefix(line, prefix)?.time).filter((time) => time !== undefined);
    // Judged on the lines that have such a start: continuation lines (stack traces) have none. A
    // first word that is an epoch number of 10, 13, 16 or 19 digits is a time too ("1428634687123 text").
    const epochs = prefix.words === 1 && !prefix.bracketed && prefix.zoneGlued !== true;
    const starts = times.filter(
      (time) => (/\d/.test(time) && /\d[:.h]\d\d/.test(time)) || (epochs && EPOCH_WORD.test(time)),
    );
    if (starts.length === 0) continue;
    const shape = inferTimeShape(starts, 0);
    if (shape === undefined || (shape.kind !== 'date-time' && !(epochs && shape.kind === 'epoch'))) continue;
    const read = createTimestampReader({ zone: UTC_ZONE, numericUnit: 'auto', dateOrder: shape.dateOrder });
    const matchedTimes = starts.filter((time) => read(time) !== undefined);
    if (matchedTimes.length === 0) continue;
    if (best === undefined || matchedTimes.length >= best.matched) {
      best = {
        prefix,
        dateOrder: shape.dateOrder,
        matched: matchedTimes.length,
        judged: judged.length,
        example: matchedTimes[0] ?? '',
        dateOrderReason: shape.reason,
      };
    }
  }
  // Times of day on most lines win over the few lines with their whole date (Pidgin writes the date
  // only when the day changes).
  const clock = inferClockPrefix(judged);
  return clock !== undefined && (best === undefined || clock.matched > best.matched) ? clock : best;
}

/** Lines starting with a time of day alone, bare or in brackets: the rule matching more of them. */
function inferClockPrefix(judged: readonly string[]): TimePrefixGuess | undefined {
  let best: TimePrefixGuess | undefined;
  for (const bracketed of [true, false]) {
    const prefix = { bracketed, words: bracketed ? 0 : 1, timeOfDay: true };
    const times = judged
      .map((line) => cutTimePrefix(line, prefix)?.time)
      .filter((time) => time !== undefined && clockMicros(time) !== undefined);
    if (times.length > 0 && (best === undefined || times.length > best.matched))
      best = {
        prefix,
        dateOrder: undefined,
        matched: times.length,
        judged: judged.length,
        example: times[0] ?? '',
        dateOrderReason: '',
      };
  }
  return best;
}
