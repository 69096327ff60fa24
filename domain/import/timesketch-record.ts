/*
 * A Timesketch event (CSV row or JSON line) to a record. Timesketch gives the time twice:
 * `timestamp` (µs since the epoch, its sort key) and `datetime` (ISO 8601 with an offset, for
 * display). When both are there and disagree, `timestamp` wins if it is a plausible microsecond
 * value, else `datetime`. Plausible means at least 10^14 µs (1973-03-03): a seconds or milliseconds
 * value of any date since then is below that, so a smaller number is far likelier a unit mix-up or
 * a placeholder (the sigma fixture's 123456789 beside 2015-07-24) than an event in 1970-73.
 */
import type { ImportRecord, InvalidRow, JsonValue } from './import-record.ts';
import { jsonText } from './json-lines.ts';
import { parseOffsetDateTime } from './parse-offset-date-time.ts';
import { shorten } from './parse-event-time.ts';

const MIN_PLAUSIBLE_MICROS = 1e14;
// Times further apart than this "disagree"; datetime often drops the sub-second part.
const AGREEMENT_MICROS = 1_000_000;
// Fields naming the machine an event happened on: the nearest Timesketch has to an actor.
const ACTOR_FIELDS = ['computer_name', 'hostname'];

/** Counts of the rows where the two times disagreed, for the summary's notes. */
export interface TimesketchTally {
  datetimeWins: number;
  firstDatetimeWin: string | undefined;
  timestampWins: number;
  firstTimestampWin: string | undefined;
}

export function newTimesketchTally(): TimesketchTally {
  return { datetimeWins: 0, firstDatetimeWin: undefined, timestampWins: 0, firstTimestampWin: undefined };
}

export function timesketchRecord(
  fields: Record<string, JsonValue>,
  line: number,
  tally: TimesketchTally,
): ImportRecord | InvalidRow {
  if (typeof fields.message !== 'string') return { line, reason: 'no "message" field (Timesketch requires one)' };
  const timestamp = microsOf(fields.timestamp);
  const datetime = typeof fields.datetime === 'string' ? parseOffsetDateTime(fields.datetime) : undefined;
  let startMicros: number;
  if (timestamp !== undefined && timestamp >= MIN_PLAUSIBLE_MICROS) {
    startMicros = timestamp;
    if (datetime !== undefined && Math.abs(datetime - timestamp) >= AGREEMENT_MICROS) {
      tally.timestampWins += 1;
      tally.firstTimestampWin ??= `line ${line}: timestamp ${timestamp} over datetime ${jsonText(fields.datetime)}`;
    }
  } else if (datetime !== undefined) {
    startMicros = datetime;
    if (fields.timestamp !== undefined && fields.timestamp !== '') {
      tally.datetimeWins += 1;
      tally.firstDatetimeWin ??= `line ${line}: datetime ${jsonText(fields.datetime)} over timestamp ${jsonText(fields.timestamp)}`;
    }
  } else {
    const shown = (name: string) => (fields[name] === undefined ? 'missing' : `'${shorten(jsonText(fields[name]))}'`);
    return {
      line,
      reason: `no time: timestamp ${shown('timestamp')} is not microseconds since 1973 and datetime ${shown('datetime')} is not an ISO 8601 time with an offset`,
    };
  }
  const extra: Record<string, JsonValue> = {};
  for (const [key, value] of Object.entries(fields)) if (key !== 'message') extra[key] = value;
  const actorField = ACTOR_FIELDS.find((name) => typeof fields[name] === 'string' && fields[name] !== '');
  return {
    line,
    startMicros,
    endMicros: startMicros,
    actor: actorField === undefined ? '' : jsonText(fields[actorField]),
    message: fields.message,
    extra,
  };
}

export function timesketchNotes(tally: TimesketchTally): string[] {
  const notes: string[] = [];
  if (tally.datetimeWins > 0) {
    notes.push(
      `${tally.datetimeWins} row(s) used datetime because timestamp is not a plausible microsecond value (below 10^14, i.e. before 1973-03-03; ${tally.firstDatetimeWin ?? ''})`,
    );
  }
  if (tally.timestampWins > 0) {
    notes.push(
      `${tally.timestampWins} row(s) used timestamp although datetime differs by a second or more: timestamp is Timesketch's own µs sort key (${tally.firstTimestampWin ?? ''})`,
    );
  }
  return notes;
}

/** Integer microseconds from a JSON number or a digits-only string ("1331698658276340"). */
function microsOf(value: JsonValue | undefined): number | undefined {
  const number =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\d{1,16}$/.test(value.trim())
        ? Number(value)
        : undefined;
  return number !== undefined && Number.isSafeInteger(number) && number >= 0 ? number : undefined;
}
