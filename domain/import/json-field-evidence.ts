/*
 * Which fields of JSON records hold the start time, end time, actor and message, decided from the
 * values of every sampled record rather than the first object's names: a time field must read as a
 * plausible instant (1990-2100) in most records; an actor repeats short values; a message is text.
 */
import { resolveTimeZone } from '../time/time-zone-loader.ts';
import type { JsonValue } from './import-record.ts';
import { isJsonObject } from './json-lines.ts';
import { bytesText, richText } from './json-record.ts';
import type { JsonFieldMapping, JsonNumericUnit } from './json-lines-settings.ts';
import { jsonTimeMicros, unitByMagnitude } from './json-time.ts';
import {
  ACTOR_NAMES,
  CLEF_MESSAGES,
  END_NAMES,
  ENDING_WORDS,
  MESSAGE_NAMES,
  START_NAMES,
  START_SUFFIXES,
  keyWords,
} from './json-field-names.ts';
import { normalizeName } from './suggest-mapping.ts';
import { countNoun } from '../count-noun.ts';
import { dnsQueryMessage } from './json-dns-message.ts';
import { httpRequestMessage } from './json-http-message.ts';

type JsonObject = { [key: string]: JsonValue };
const MIN_MICROS = Date.UTC(1990, 0, 1) * 1000;
const MAX_MICROS = Date.UTC(2100, 0, 1) * 1000;
const MAX_DEPTH = 6;
const MAX_ACTOR_CHARS = 120;

interface JsonFieldChoice {
  readonly mapping: Partial<JsonFieldMapping>;
  readonly numericUnit: JsonNumericUnit;
  /** Whether the time values carry their own offset (or are epochs), so no zone setting applies. */
  readonly zoned: boolean;
  /** Sentences saying what was chosen and on what evidence. */
  readonly reasons: readonly string[];
  /** Every scalar path seen, in first-seen order. */
  readonly paths: readonly string[];
}

interface PathStats {
  readonly path: string;
  readonly depth: number;
  present: number;
  instants: number;
  epochs: number;
  zoned: number;
  integerDigits: number[];
  shortTexts: number;
  texts: number;
  /** Empty strings and nulls: a record without an actor (a marker) says nothing against the field. */
  blanks: number;
  readonly distinct: Set<string>;
}

export function chooseJsonFields(records: readonly JsonObject[]): JsonFieldChoice {
  // Records with no time at all are an export's header lines (Mattermost's version, team and user lines
  // before its posts): they say nothing about which field is the time, the actor or the message.
  const timed = records.filter(holdsInstant);
  const judged = timed.length > 0 ? timed : records;
  const stats = new Map<string, PathStats>();
  for (const record of judged) collect(record, '', 0, stats);
  const all = [...stats.values()];
  const n = judged.length;
  const rank = (names: readonly string[], path: string) => {
    const rawKeys = path.split('.');
    const keys = rawKeys.map(normalizeName);
    const last = keys.at(-1) ?? '';
    const lastTwo = keys.slice(-2).join('');
    if (names === MESSAGE_NAMES && CLEF_MESSAGES.includes(rawKeys.at(-1) ?? '')) return -1;
    const index = Math.min(
      ...[names.indexOf(lastTwo), names.indexOf(last)].map((found) => (found === -1 ? Infinity : found)),
    );
    if (index !== Infinity || !START_SUFFIXES.some((suffix) => last.endsWith(suffix))) return index;
    const ending = keyWords(rawKeys.at(-1) ?? '').some((word) => ENDING_WORDS.has(word));
    if (names === START_NAMES && !ending) return names.length;
    if (names === END_NAMES && ending) return names.length;
    return index;
  };
  const reasons: string[] = [];
  const byRank = (names: readonly string[]) => (a: PathStats, b: PathStats) =>
    rank(names, a.path) - rank(names, b.path) || a.depth - b.depth;

  // Time: a field named like one whose values read as instants in half the records or more; else
  // any field whose values do in 80% of them.
  const timeLike = all.filter((stat) => stat.instants > 0 && stat.instants >= 0.5 * n);
  // A time in nearly every record before a better name in fewer: osquery's results carry unixTime
  // and calendarTime in every line, and a result column "time" only in some queries' lines, whose
  // other lines would be refused for the missing field.
  const sparse = (stat: PathStats) => (stat.instants < 0.9 * n ? 1 : 0);
  const named = timeLike
    .filter((stat) => Number.isFinite(rank(START_NAMES, stat.path)))
    .sort((a, b) => sparse(a) - sparse(b) || byRank(START_NAMES)(a, b));
  const unnamed = timeLike.filter(
    (stat) =>
      stat.instants >= 0.8 * n &&
      !Number.isFinite(rank(START_NAMES, stat.path)) &&
      !Number.isFinite(rank(END_NAMES, stat.path)),
  );
  // Unnamed: date texts before epoch numbers, which could be counters or sizes.
  unnamed.sort((a, b) => a.epochs / a.instants - b.epochs / b.instants || a.depth - b.depth);
  const first = named[0] ?? unnamed[0];
  // A zone-less time beside its own epoch twin (Telegram's "date" and "date_unixtime"): the epoch is the instant.
  const twin =
    first === undefined || first.zoned + first.epochs >= first.instants * 0.5
      ? undefined
      : named.find(
          (stat) =>
            stat !== first &&
            stat.depth === first.depth &&
            stat.path.startsWith(first.path) &&
            stat.epochs >= first.instants,
        );
  const start = twin ?? first;
  const mapping: { -readonly [K in keyof JsonFieldMapping]?: string } = {};
  let numericUnit: JsonNumericUnit = 'auto';
  let zoned = true;
  if (start !== undefined) {
    mapping.startTime = start.path;
    zoned = start.zoned + start.epochs >= start.instants * 0.5;
    const units = new Set(start.integerDigits.map(unitByMagnitude));
    if (units.size === 1) numericUnit = [...units][0] ?? 'auto';
    const kind =
      start.epochs === 0 ? 'date and time texts' : `epoch ${numericUnit === 'auto' ? 'numbers' : numericUnit}`;
    const why =
      twin !== undefined
        ? `the instant beside "${first?.path ?? ''}", which has no zone`
        : named[0] === undefined
          ? 'no field is named like a time; it is the only field whose values read as dates'
          : 'named like a time';
    reasons.push(`start time "${start.path}" (${why}): ${kind} in ${start.instants} of ${n} records`);
  } else {
    reasons.push(`no field reads as a date and time in most of the ${n} sampled records: choose the start time field`);
  }
  const end = all
    .filter(
      (stat) =>
        stat.instants >= 0.5 * n && Number.isFinite(rank(END_NAMES, stat.path)) && stat.path !== mapping.startTime,
    )
    .sort(byRank(END_NAMES))[0];
  if (end !== undefined) {
    mapping.endTime = end.path;
    reasons.push(`end time "${end.path}"`);
  }

  const taken = new Set([mapping.startTime, mapping.endTime]);
  const actors = all
    // Short texts in most records that have a value, and in a fifth of all (markers and system lines have none).
    .filter(
      (stat) =>
        !taken.has(stat.path) &&
        Number.isFinite(rank(ACTOR_NAMES, stat.path)) &&
        // A request's Host header names the server asked, not who asked (Kong's request.headers.host,
        // Caddy's request.host beside request.client_ip).
        !/(?:^|\.)headers\./i.test(stat.path) &&
        !/(?:^|\.)(?:request|req|http_?request)\.(?:host|hostname)$/i.test(stat.path) &&
        stat.shortTexts >= 0.5 * (n - stat.blanks) &&
        stat.shortTexts >= 0.2 * n,
    )
    // Repetition tells an actor from an id only over enough records; a handful may all differ.
    .filter((stat) => n < 20 || stat.distinct.size <= Math.max(1, stat.shortTexts * 0.5))
    .sort(byRank(ACTOR_NAMES));
  // A name that never changes over many records says less than one that does (one host, many programs).
  // A field beside the best one that is in nearly every record where it is missing from many: Caddy
  // before 2.7 logged request.remote_ip alone, later versions client_ip beside it. A best field that is
  // there but blank (an exported marker has no actor) keeps its place.
  const parent = (stat: PathStats) => stat.path.slice(0, stat.path.lastIndexOf('.') + 1);
  const sibling =
    actors[0] === undefined || actors[0].shortTexts >= 0.9 * n || actors[0].present >= 0.9 * n
      ? undefined
      : actors.find((stat) => stat.shortTexts >= 0.9 * n && parent(stat) === parent(actors[0] ?? stat));
  if (sibling !== undefined) actors.unshift(sibling);
  const varied = actors.find((stat) => stat.distinct.size > 1);
  const actor =
    actors[0] !== undefined && actors[0].distinct.size === 1 && n >= 10 && varied !== undefined ? varied : actors[0];
  if (actor !== undefined) {
    mapping.actor = actor.path;
    reasons.push(
      `actor "${actor.path}" (${countNoun(actor.distinct.size, 'distinct value')} in ${countNoun(actor.shortTexts, 'record')})`,
    );
  }
  taken.add(mapping.actor);
  // A field in nearly every record comes before a better name in only some (pino's "msg" over the
  // "err.message" of its error lines).
  const nearlyAll = (stat: PathStats) => (stat.texts >= 0.9 * n ? 0 : 1);
  const message = all
    .filter((stat) => !taken.has(stat.path) && Number.isFinite(rank(MESSAGE_NAMES, stat.path)) && stat.texts >= 0.5 * n)
    .sort((a, b) => nearlyAll(a) - nearlyAll(b) || byRank(MESSAGE_NAMES)(a, b))[0];
  // The same text in every record ("handled request": Caddy; an operation name: Azure Front Door) says
  // nothing of one request: an access record is shown as its request and status instead.
  const sameEverywhere =
    message !== undefined && n >= 2 && message.distinct.size === 1 && message.shortTexts === message.texts;
  const requests = records.filter((record) => httpRequestMessage(record) !== undefined).length;
  if (message !== undefined && sameEverywhere && requests >= 0.9 * n) {
    reasons.push(
      `no message field ("${message.path}" is "${[...message.distinct][0] ?? ''}" in every record): each record's request and status`,
    );
  } else if (message !== undefined) {
    mapping.message = message.path;
    reasons.push(`message "${message.path}"`);
  } else if (records.filter((record) => dnsQueryMessage(record) !== undefined).length >= 0.9 * n) {
    reasons.push("no message field: each record's DNS query, response code and answers");
  } else reasons.push("no message field: a summary of each record's first fields");
  const untimed = records.length - judged.length;
  if (untimed > 0)
    reasons.push(
      `${untimed} sampled record${untimed === 1 ? '' : 's'} without any time (an export's header or summary lines) left out of these choices`,
    );
  // Every path stays offered for the analyst's own choice, those of the untimed records too.
  const untimedPaths = new Map<string, PathStats>();
  for (const record of records) if (!timed.includes(record)) collect(record, '', 0, untimedPaths);
  const paths = [...new Set([...stats.keys(), ...untimedPaths.keys()])];
  return { mapping, numericUnit, zoned, reasons, paths };
}

function holdsInstant(record: JsonObject): boolean {
  const stats = new Map<string, PathStats>();
  collect(record, '', 0, stats);
  return [...stats.values()].some((stat) => stat.instants > 0);
}

function collect(value: JsonObject, prefix: string, depth: number, stats: Map<string, PathStats>): void {
  for (const [key, field] of Object.entries(value)) {
    const path = `${prefix}${key}`;
    if (isJsonObject(field)) {
      if (depth < MAX_DEPTH) collect(field, `${path}.`, depth + 1, stats);
      continue;
    }
    const bytes = bytesText(field) ?? richText(field);
    if (Array.isArray(field) && bytes === undefined) continue;
    let stat = stats.get(path);
    if (stat === undefined) {
      stat = {
        path,
        depth,
        present: 0,
        instants: 0,
        epochs: 0,
        zoned: 0,
        integerDigits: [],
        shortTexts: 0,
        texts: 0,
        blanks: 0,
        distinct: new Set(),
      };
      stats.set(path, stat);
    }
    observe(stat, bytes ?? field);
  }
}

function observe(stat: PathStats, field: JsonValue): void {
  stat.present += 1;
  const micros = jsonTimeMicros(field, resolveTimeZone('UTC'), 'auto');
  if (micros !== undefined && micros >= MIN_MICROS && micros < MAX_MICROS) {
    stat.instants += 1;
    const text = String(field).trim();
    const epoch = /^\d+(\.\d+)?$/.exec(text);
    if (epoch !== null) {
      stat.epochs += 1;
      stat.integerDigits.push(text.split('.')[0]?.length ?? 0);
    } else if (/(?:[zZ]|UTC|GMT|[+-]\d{2}(?::?\d{2})?|\)\/)$/.test(text)) stat.zoned += 1;
  }
  // "-" is how access logs (API Gateway's "caller", "user") write no value.
  const blank = typeof field === 'string' && (field.trim() === '' || field.trim() === '-');
  if (field === null || blank) stat.blanks += 1;
  if (typeof field === 'string' && !blank) {
    stat.texts += 1;
    if (field.length <= MAX_ACTOR_CHARS && !field.includes('\n')) {
      stat.shortTexts += 1;
      stat.distinct.add(field.trim());
    }
  }
}
