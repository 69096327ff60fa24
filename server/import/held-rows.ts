/*
 * The parsed rows of an import, held where they were parsed (the parse worker, or the server's thread
 * from the TypeScript sources) until the server's thread takes a write's worth: then written out as one
 * UTF-8 buffer, either the staging table's COPY rows or (the first import's bulk) the final COPY rows of
 * `events` with their ids. The server's thread gets one transferable buffer a write, not a string and a
 * record object a row, and never rebuilds a row (on PGlite that thread also runs the database).
 */
import type { ImportRecord, InvalidRow } from '../../domain/import/import-record.ts';
import { extraText, messageText } from './copy-fields.ts';
import { idAt, type EventIds } from './event-ids.ts';

/** What the import keeps of a record once its row is COPY text: the message and extra fields go in the row only. */
export interface StagedRecord {
  readonly line: number;
  readonly actor: string;
  readonly isMarker?: boolean;
  readonly actorIsBot?: boolean;
  readonly stream?: string;
  readonly threadKey?: string;
}

/** A held row: the record's names and its message, start, end and extra as one piece of COPY text. */
interface HeldRow extends StagedRecord {
  readonly middle: string;
}

/** One parser batch as the server's thread sees it: how many valid rows, the invalid ones, the names first seen in it. */
export interface BatchSummary {
  count: number;
  invalid: InvalidRow[];
  /** Streams named for the first time, in the file's order. */
  newStreams: string[];
  /** Actors named for the first time, or for the first time as a bot, with whether a row of this batch flags them one. */
  newActors: [name: string, isBot: boolean][];
  /** Whether an event of the batch has a Slack thread key (those rows go through the batch table). */
  threadKeys: boolean;
}

/** The fixed parts of the first import's `events` rows. */
interface EventRowContext {
  incidentId: number;
  markerStreamId: number;
  analystId: number | null;
  nowMicros: number;
  changeSeq: number;
  /** The import's default stream (a record without a stream of its own). */
  defaultStream: string;
}

/** The next `rows` held rows, as staging rows, or as `events` rows with the ids known by then. */
export type TakeRequest =
  | { form: 'staged'; rows: number }
  | {
      form: 'events';
      rows: number;
      context: EventRowContext;
      /** Streams and actors made since the last request, by name. */
      streams: [string, number][];
      actors: [string, number][];
      ids: EventIds | undefined;
    };

export interface TakenRows {
  /** The rows as COPY text, UTF-8, each ending in a newline. */
  text: Uint8Array;
  count: number;
  /** The staged form's records (the batch table's moves and the re-import look at them). */
  records?: StagedRecord[];
  /** The events form's non-marker rows by stream name. */
  streamCounts?: [string, number][];
}

/** The columns of the events form's rows, after the id when ids are given. */
export const EVENT_COPY_COLUMNS =
  'incident_id, stream_id, actor_id, is_marker, message, start_micros, end_micros, extra, source_line, import_stream_id, analyst_id, created_micros, change_seq';

/** COPY text's NULL. */
const NULL = '\\N';
const encoder = new TextEncoder();
const copyValue = (text: string | undefined) => (text === undefined ? NULL : messageText(text));

export class HeldRows {
  #rows: HeldRow[] = [];
  #next = 0;
  /** Rows taken so far: the next row's position is this plus one. */
  #taken = 0;
  readonly #lastLine = { marker: 0, event: 0 };
  readonly #lastStaged = { marker: 0, event: 0 };
  readonly #streamsSeen = new Set<string>();
  /** Actors seen, and whether as a bot. */
  readonly #actorsSeen = new Map<string, boolean>();
  readonly #streamIds = new Map<string, number>();
  readonly #actorIds = new Map<string, number>();

  constructor(readonly format: string) {}

  /** Holds a parser batch's records and answers its summary. */
  hold(records: readonly ImportRecord[], invalid: readonly InvalidRow[], defaultStream?: string): BatchSummary {
    const newStreams: string[] = [];
    const newActors = new Map<string, boolean>();
    let threadKeys = false;
    for (const record of records) {
      const kind = record.isMarker ? 'marker' : 'event';
      // The parsers hand records out in source order; the re-import names a record by its line, so
      // records that share one (a minified JSON document's) are staged under the next free numbers.
      if (record.line < this.#lastLine[kind])
        throw new Error(`${this.format} parser gave line ${record.line} after ${this.#lastLine[kind]}`);
      this.#lastLine[kind] = record.line;
      const line = record.line > this.#lastStaged[kind] ? record.line : this.#lastStaged[kind] + 1;
      this.#lastStaged[kind] = line;
      const stream = record.stream ?? defaultStream;
      if (stream !== undefined && !this.#streamsSeen.has(stream)) {
        this.#streamsSeen.add(stream);
        newStreams.push(stream);
      }
      if (!record.isMarker && record.actor !== '') {
        const bot = record.actorIsBot === true;
        const seen = this.#actorsSeen.get(record.actor);
        if (seen === undefined || (bot && !seen)) {
          this.#actorsSeen.set(record.actor, bot);
          newActors.set(record.actor, (newActors.get(record.actor) ?? false) || bot);
        }
        if (record.threadKey !== undefined) threadKeys = true;
      }
      this.#rows.push(heldRow(record, line));
    }
    return { count: records.length, invalid: [...invalid], newStreams, newActors: [...newActors], threadKeys };
  }

  take(request: TakeRequest): TakenRows {
    const from = this.#next;
    const to = Math.min(from + request.rows, this.#rows.length);
    const rows = this.#rows;
    const out = new Array<string>(to - from);
    let taken: TakenRows;
    if (request.form === 'staged') {
      const records = new Array<StagedRecord>(to - from);
      for (let index = from; index < to; index += 1) {
        const row = rows[index]!;
        const actor = row.isMarker ? '' : messageText(row.actor);
        out[index - from] =
          `${this.#taken + index - from + 1}\t${row.line}\t${row.isMarker ? 't' : 'f'}\t${actor}\t${row.actorIsBot ? 't' : 'f'}\t` +
          `${row.middle}\t${copyValue(row.stream)}\t${copyValue(row.threadKey)}`;
        records[index - from] = stagedRecord(row);
      }
      taken = { text: encoder.encode(`${out.join('\n')}\n`), count: to - from, records };
    } else {
      taken = this.#eventRows(request, from, to, out);
    }
    // Rows taken are let go (in steps, so the array is not shifted every write).
    this.#next = to;
    this.#taken += to - from;
    if (this.#next > 50_000) {
      this.#rows = this.#rows.slice(this.#next);
      this.#next = 0;
    }
    return taken;
  }

  // As eventCopyRows did on the server's thread: the row of `events` itself, its stream and actor as ids.
  #eventRows(request: Extract<TakeRequest, { form: 'events' }>, from: number, to: number, out: string[]): TakenRows {
    for (const [name, id] of request.streams) this.#streamIds.set(name, id);
    for (const [name, id] of request.actors) this.#actorIds.set(name, id);
    const { context, ids } = request;
    const fixed = `${context.analystId ?? NULL}\t${context.nowMicros}\t${context.changeSeq}`;
    const counts = new Map<string, number>();
    for (let index = from; index < to; index += 1) {
      const row = this.#rows[index]!;
      const streamName = row.stream ?? context.defaultStream;
      const stream = this.#streamIds.get(streamName);
      if (stream === undefined) throw new Error(`stream ${streamName} has no id`);
      const marker = row.isMarker === true;
      const actor = marker || row.actor === '' ? NULL : this.#actorIds.get(row.actor);
      if (actor === undefined) throw new Error(`actor ${row.actor} has no id`);
      if (!marker) counts.set(streamName, (counts.get(streamName) ?? 0) + 1);
      const id = ids ? `${idAt(ids, index - from)}\t` : '';
      out[index - from] = marker
        ? `${id}${context.incidentId}\t${context.markerStreamId}\t${NULL}\tt\t${row.middle}\t${row.line}\t${stream}\t${fixed}`
        : `${id}${context.incidentId}\t${stream}\t${actor}\tf\t${row.middle}\t${row.line}\t${NULL}\t${fixed}`;
    }
    return { text: encoder.encode(`${out.join('\n')}\n`), count: to - from, streamCounts: [...counts] };
  }
}

function heldRow(record: ImportRecord, line: number): HeldRow {
  const middle = `${messageText(record.message)}\t${record.startMicros}\t${record.endMicros}\t${extraText(record.extra)}`;
  const kept: { -readonly [K in keyof HeldRow]: HeldRow[K] } = { line, actor: record.actor, middle };
  if (record.isMarker !== undefined) kept.isMarker = record.isMarker;
  if (record.actorIsBot !== undefined) kept.actorIsBot = record.actorIsBot;
  if (record.stream !== undefined) kept.stream = record.stream;
  if (record.threadKey !== undefined) kept.threadKey = record.threadKey;
  return kept;
}

function stagedRecord(row: HeldRow): StagedRecord {
  const kept: { -readonly [K in keyof StagedRecord]: StagedRecord[K] } = { line: row.line, actor: row.actor };
  if (row.isMarker !== undefined) kept.isMarker = row.isMarker;
  if (row.actorIsBot !== undefined) kept.actorIsBot = row.actorIsBot;
  if (row.stream !== undefined) kept.stream = row.stream;
  if (row.threadKey !== undefined) kept.threadKey = row.threadKey;
  return kept;
}
