/*
 * The parsed rows of an import, held where they were parsed (the parse worker, or the server's thread
 * from the TypeScript sources) until the server's thread takes a write's worth: then written out as one
 * UTF-8 buffer, either the staging table's COPY rows or (the first import's bulk) the final COPY rows of
 * `events` with their ids. The server's thread gets one transferable buffer a write, not a string and a
 * record object a row, and never rebuilds a row (on PGlite that thread also runs the database).
 * A held row is its COPY text's middle (message, start, end, extra) as UTF-8 in one buffer and a few
 * numbers in typed arrays (held-row-columns.ts): no object or string a row stays on the heap.
 */
import type { ImportRecord, InvalidRow } from '../../domain/import/import-record.ts';
import { CopyBytes, NEWLINE, NUMBER_BYTES, TAB, writeBytes, writeCopyText, writeNumber } from './copy-bytes.ts';
import { messageText } from './copy-fields.ts';
import { writeExtra } from './extra-bytes.ts';
import { idAt, type EventIds } from './event-ids.ts';
import { HeldRowColumns, IS_BOT, IS_MARKER, MARKER_SET, BOT_SET, NO_STREAM } from './held-row-columns.ts';

/** What the import keeps of a record once its row is COPY text: the message and extra fields go in the row only. */
export interface StagedRecord {
  readonly line: number;
  readonly actor: string;
  readonly isMarker?: boolean;
  readonly actorIsBot?: boolean;
  readonly stream?: string;
  readonly threadKey?: string;
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
const NULL_BYTES = Buffer.from(NULL, 'latin1');
const TRUE = 0x74;
const FALSE = 0x66;
/** Bytes a row takes at most besides its middle and names: its numbers, flags, tabs and newline. */
const ROW_BYTES = 4 * NUMBER_BYTES + 24;

const ascii = (text: string) => Buffer.from(text, 'latin1');
const copyValue = (text: string | undefined) => (text === undefined ? NULL_BYTES : Buffer.from(messageText(text)));

export class HeldRows {
  readonly #rows = new HeldRowColumns();
  /** Rows taken so far: the next row's position is this plus one. */
  #taken = 0;
  readonly #lastLine = { marker: 0, event: 0 };
  readonly #lastStaged = { marker: 0, event: 0 };
  readonly #streamsSeen = new Set<string>();
  /** Actors seen as an event's, by their index among the names: whether as a bot (undefined: not yet). */
  readonly #actorsSeen: (boolean | undefined)[] = [];
  /** Slack thread keys (rare) by the row's position. */
  readonly #threadKeys = new Map<number, string>();
  readonly #streamIds = new Map<string, number>();
  readonly #actorIds = new Map<string, number>();

  constructor(readonly format: string) {}

  /** Holds a parser batch's records and answers its summary. */
  hold(records: readonly ImportRecord[], invalid: readonly InvalidRow[], defaultStream?: string): BatchSummary {
    const newStreams: string[] = [];
    const newActors = new Map<string, boolean>();
    let threadKeys = false;
    const rows = this.#rows;
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
      const actor = rows.actors.index(record.actor);
      if (!record.isMarker && record.actor !== '') {
        const bot = record.actorIsBot === true;
        const seen = this.#actorsSeen[actor];
        if (seen === undefined || (bot && !seen)) {
          this.#actorsSeen[actor] = bot;
          newActors.set(record.actor, (newActors.get(record.actor) ?? false) || bot);
        }
        if (record.threadKey !== undefined) threadKeys = true;
      }
      const slot = rows.add(
        line,
        actor,
        record.stream === undefined ? NO_STREAM : rows.streams.index(record.stream),
        flagsOf(record),
      );
      if (record.threadKey !== undefined) this.#threadKeys.set(this.#taken + slot - rows.first + 1, record.threadKey);
      const middle = rows.middle;
      const bytes = middle.reserve(3 * record.message.length + 2 * NUMBER_BYTES + 3);
      let at = writeCopyText(bytes, middle.length, record.message);
      bytes[at++] = TAB;
      at = writeNumber(bytes, at, record.startMicros);
      bytes[at++] = TAB;
      at = writeNumber(bytes, at, record.endMicros);
      bytes[at++] = TAB;
      middle.length = at;
      writeExtra(middle, record.extra);
      rows.ended(slot);
    }
    return { count: records.length, invalid: [...invalid], newStreams, newActors: [...newActors], threadKeys };
  }

  take(request: TakeRequest): TakenRows {
    const rows = this.#rows;
    const from = rows.first;
    const to = Math.min(from + request.rows, rows.count);
    const taken = request.form === 'staged' ? this.#stagedRows(from, to) : this.#eventRows(request, from, to);
    // Rows taken are let go; their bytes are reused once they are most of the buffer.
    this.#taken += to - from;
    if (this.#threadKeys.size > 0)
      for (const position of this.#threadKeys.keys()) if (position <= this.#taken) this.#threadKeys.delete(position);
    rows.release(to);
    return taken;
  }

  #stagedRows(from: number, to: number): TakenRows {
    const rows = this.#rows;
    const records = new Array<StagedRecord>(to - from);
    const actorText = rows.actors.encoded((name) => Buffer.from(messageText(name)));
    const streamText = rows.streams.encoded((name) => copyValue(name));
    const out = new CopyBytes(rows.middleBytes(from, to) + (to - from) * ROW_BYTES);
    for (let slot = from; slot < to; slot += 1) {
      const position = this.#taken + slot - from + 1;
      const flags = rows.flags[slot]!;
      const marker = (flags & IS_MARKER) !== 0;
      const actor = marker ? undefined : actorText(rows.actor[slot]!);
      const stream = rows.stream[slot]! === NO_STREAM ? NULL_BYTES : streamText(rows.stream[slot]!);
      const threadKey = this.#threadKeys.get(position);
      this.#threadKeys.delete(position);
      const key = copyValue(threadKey);
      const bytes = out.reserve(
        (actor?.length ?? 0) + stream.length + key.length + rows.middleBytes(slot, slot + 1) + ROW_BYTES,
      );
      let at = writeNumber(bytes, out.length, position);
      bytes[at++] = TAB;
      at = writeNumber(bytes, at, rows.line[slot]!);
      bytes[at++] = TAB;
      bytes[at++] = marker ? TRUE : FALSE;
      bytes[at++] = TAB;
      if (actor) at = writeBytes(bytes, at, actor);
      bytes[at++] = TAB;
      bytes[at++] = (flags & IS_BOT) !== 0 ? TRUE : FALSE;
      bytes[at++] = TAB;
      at = rows.writeMiddle(bytes, at, slot);
      bytes[at++] = TAB;
      at = writeBytes(bytes, at, stream);
      bytes[at++] = TAB;
      at = writeBytes(bytes, at, key);
      bytes[at++] = NEWLINE;
      out.length = at;
      records[slot - from] = stagedRecord(rows, slot, threadKey);
    }
    return { text: out.bytes.subarray(0, out.length), count: to - from, records };
  }

  // As eventCopyRows did on the server's thread: the row of `events` itself, its stream and actor as ids.
  #eventRows(request: Extract<TakeRequest, { form: 'events' }>, from: number, to: number): TakenRows {
    const rows = this.#rows;
    for (const [name, id] of request.streams) this.#streamIds.set(name, id);
    for (const [name, id] of request.actors) this.#actorIds.set(name, id);
    const { context, ids } = request;
    const streamIds = new Map<number, { name: string; text: Buffer }>();
    const streamOf = (index: number) => {
      let stream = streamIds.get(index);
      if (!stream) {
        const name = index === NO_STREAM ? context.defaultStream : rows.streams.name(index);
        const id = this.#streamIds.get(name);
        if (id === undefined) throw new Error(`stream ${name} has no id`);
        streamIds.set(index, (stream = { name, text: ascii(String(id)) }));
      }
      return stream;
    };
    const actorIds = rows.actors.encoded((name) => {
      const id = name === '' ? NULL : this.#actorIds.get(name);
      if (id === undefined) throw new Error(`actor ${name} has no id`);
      return ascii(String(id));
    });
    const incident = ascii(`${context.incidentId}\t`);
    const markerStream = ascii(`${context.markerStreamId}\t${NULL}\tt\t`);
    const fixed = ascii(`${context.analystId ?? NULL}\t${context.nowMicros}\t${context.changeSeq}\n`);
    const noStream = ascii(`\t${NULL}\t`);
    const counts = new Map<string, number>();
    // Room for every row: its middle, and besides it numbers of at most NUMBER_BYTES and the fixed parts.
    const out = new CopyBytes(
      rows.middleBytes(from, to) + (to - from) * (ROW_BYTES + fixed.length + incident.length + markerStream.length),
    );
    const bytes = out.bytes;
    let at = 0;
    for (let slot = from; slot < to; slot += 1) {
      const marker = (rows.flags[slot]! & IS_MARKER) !== 0;
      const stream = streamOf(rows.stream[slot]!);
      if (ids) {
        at = writeNumber(bytes, at, idAt(ids, slot - from));
        bytes[at++] = TAB;
      }
      at = writeBytes(bytes, at, incident);
      if (marker) {
        at = writeBytes(bytes, at, markerStream);
        at = rows.writeMiddle(bytes, at, slot);
        bytes[at++] = TAB;
        at = writeNumber(bytes, at, rows.line[slot]!);
        bytes[at++] = TAB;
        at = writeBytes(bytes, at, stream.text);
        bytes[at++] = TAB;
      } else {
        counts.set(stream.name, (counts.get(stream.name) ?? 0) + 1);
        at = writeBytes(bytes, at, stream.text);
        bytes[at++] = TAB;
        at = writeBytes(bytes, at, actorIds(rows.actor[slot]!));
        bytes[at++] = TAB;
        bytes[at++] = FALSE;
        bytes[at++] = TAB;
        at = rows.writeMiddle(bytes, at, slot);
        bytes[at++] = TAB;
        at = writeNumber(bytes, at, rows.line[slot]!);
        at = writeBytes(bytes, at, noStream);
      }
      at = writeBytes(bytes, at, fixed);
    }
    return { text: bytes.subarray(0, at), count: to - from, streamCounts: [...counts] };
  }
}

/** A record's marker and bot flags, whether given at all and their value. */
function flagsOf(record: ImportRecord): number {
  let flags = 0;
  if (record.isMarker !== undefined) flags |= MARKER_SET | (record.isMarker ? IS_MARKER : 0);
  if (record.actorIsBot !== undefined) flags |= BOT_SET | (record.actorIsBot ? IS_BOT : 0);
  return flags;
}

function stagedRecord(rows: HeldRowColumns, slot: number, threadKey: string | undefined): StagedRecord {
  const flags = rows.flags[slot]!;
  const kept: { -readonly [K in keyof StagedRecord]: StagedRecord[K] } = {
    line: rows.line[slot]!,
    actor: rows.actors.name(rows.actor[slot]!),
  };
  if ((flags & MARKER_SET) !== 0) kept.isMarker = (flags & IS_MARKER) !== 0;
  if ((flags & BOT_SET) !== 0) kept.actorIsBot = (flags & IS_BOT) !== 0;
  const stream = rows.stream[slot]!;
  if (stream !== NO_STREAM) kept.stream = rows.streams.name(stream);
  if (threadKey !== undefined) kept.threadKey = threadKey;
  return kept;
}
