/*
 * The first import's move, one batch at a time: the rows COPY'd into the batch table by stage-file.ts
 * become events of the import's hidden streams (one, or one per Slack channel, created as the file
 * first names them) with their actors (matched or created by name, hidden until the flip) and, for the
 * first rows only, their search data, in one INSERT … SELECT inside the batch's short transaction
 * (hidden-import.ts shows them; the rest's search data is prepared after the flip, search-preparer.ts).
 */
import type { ImportFormat } from '../../domain/import/import-record.ts';
import type { Db, DbTransaction } from '../db/database.ts';
import type { IncidentRef } from '../repositories/access-repository.ts';
import { plainText } from '../repositories/search-repository.ts';
import { idList, reserveEventIds, type EventIds } from './event-ids.ts';
import { EVENT_COPY_COLUMNS, type StagedRecord, type TakeRequest, type TakenRows } from './held-rows.ts';
import { incidentActorResolver } from './incident-actors.ts';
import type { NewNames } from './stage-file.ts';

export interface ImportedStream {
  id: number;
  name: string;
  eventCount: number;
}

interface MoveContext {
  importId: number;
  incident: IncidentRef;
  format: ImportFormat;
  defaultName: string;
  analystId: number | null;
  nowMicros: number;
  markerStreamId: number;
  /**
   * A re-import (reimport-stream.ts): rows go straight into the existing stream under this generation
   * (hidden until its flip, migration 014), already moved by the stream's and marker stream's offsets.
   */
  reimport?: { generation: number; streamOffsetMicros: number; markerOffsetMicros: number } | undefined;
  /** Rows past this position go in without search data, prepared after the flip (search-preparer.ts); default all. */
  searchInlineRows?: number | undefined;
  /** No event of this import has a lower id (the search backlog's range starts here). */
  firstEventId?: number | undefined;
}

// eventVector's message part per row; the actor's part once per actor (a file has few), no tags or notes yet.
const MESSAGE_VECTOR = `setweight(to_tsvector('english', ${plainText('g.message')}), 'A')`;
const ACTOR_VECTOR = `setweight(to_tsvector('english', ${plainText('n.name')}), 'B')`;

const HIDDEN_CHANGE_SEQ = 1;

/** What the batches have made so far: the streams in the order the file named them, and the actors. */
export class ImportTarget {
  readonly streams: ImportedStream[] = [];
  readonly #actors = new Map<string, number>();
  /** Event ids taken by reserveIds, by the batch's first position. */
  readonly #ids = new Map<number, EventIds>();
  /** The streams whose ids the parser has been sent (eventsRequest), and the actors it has not. */
  #streamsSent = 0;
  #actorsUnsent: [string, number][] = [];

  constructor(readonly context: MoveContext) {}

  /** Moves the batch in `table` (rows `records`) into events under hidden streams and actors. */
  async moveBatch(tx: DbTransaction, table: string, records: readonly StagedRecord[]): Promise<void> {
    await this.prepareBatch(tx, records);
    await this.insertBatch(tx, table, records, 1);
  }

  /** Before a batch's insert, batch after batch: the streams and actors it names (committed, hidden). */
  async prepareBatch(tx: DbTransaction, records: readonly StagedRecord[]): Promise<void> {
    await this.#addStreams(tx, records);
    const wanted = new Map<string, boolean>();
    for (const record of records) {
      if (record.isMarker || record.actor === '' || this.#actors.has(record.actor)) continue;
      wanted.set(record.actor, (wanted.get(record.actor) ?? false) || record.actorIsBot === true);
    }
    if (wanted.size > 0) await this.#addActors(tx, wanted);
  }

  /** Whether the batch names a stream or actor the import has not made yet (prepareBatch has work). */
  namesNew(records: readonly StagedRecord[]): boolean {
    const streams = new Set(this.streams.map((stream) => stream.name));
    return records.some(
      (record) =>
        !streams.has(record.stream ?? this.context.defaultName) ||
        (!record.isMarker && record.actor !== '' && !this.#actors.has(record.actor)),
    );
  }

  /**
   * When batches are written side by side: the batch's event ids, taken before its write, batch after
   * batch, so ids follow the file (ties in time show in file order) whichever write lands first; with
   * the import's heartbeat, in one statement whose commit does not wait for the WAL (nothing here is
   * seen before the flip, whose commit does).
   */
  async reserveIds(db: Db, count: number, firstPosition: number, nowMicros: number): Promise<void> {
    this.#ids.set(firstPosition, await reserveEventIds(db, count, { importId: this.context.importId, nowMicros }));
  }

  /**
   * Whether the write from `firstPosition` goes by one COPY straight into events, its rows written out by
   * the parser (held-rows.ts): not a re-import's (its generation and offsets, insertBatch), not the first
   * rows (search data computed on the way in), not Slack thread keys to keep (the batch table's path).
   */
  copiesFrom(firstPosition: number, threadKeys: boolean): boolean {
    const { context } = this;
    return !context.reimport && firstPosition > (context.searchInlineRows ?? Number.MAX_SAFE_INTEGER) && !threadKeys;
  }

  /** Whether any of the names is one the import has not made yet (prepareNames has work). */
  namesNewIn(names: NewNames): boolean {
    return (
      names.streams.some((name) => !this.streams.some((stream) => stream.name === name)) ||
      [...names.actors.keys()].some((name) => !this.#actors.has(name))
    );
  }

  /** Before a copied write, write after write: the streams and actors it may name (committed, hidden). */
  async prepareNames(tx: DbTransaction, names: NewNames): Promise<void> {
    for (const name of names.streams)
      if (!this.streams.some((stream) => stream.name === name)) await this.#createStream(tx, name);
    const wanted = new Map([...names.actors].filter(([name]) => !this.#actors.has(name)));
    if (wanted.size > 0) await this.#addActors(tx, wanted);
  }

  /**
   * The parser's request for a copied write's rows: with the ids of the streams and actors made since the
   * last one, and the write's event ids when reserveIds took them.
   */
  eventsRequest(rows: number, firstPosition: number): TakeRequest {
    const { context } = this;
    const ids = this.#ids.get(firstPosition);
    this.#ids.delete(firstPosition);
    const request: TakeRequest = {
      form: 'events',
      rows,
      context: {
        incidentId: context.incident.id,
        markerStreamId: context.markerStreamId,
        analystId: context.analystId,
        nowMicros: context.nowMicros,
        changeSeq: HIDDEN_CHANGE_SEQ,
        defaultStream: context.defaultName,
      },
      streams: this.streams.slice(this.#streamsSent).map((stream) => [stream.name, stream.id]),
      actors: this.#actorsUnsent,
      ids,
    };
    this.#streamsSent = this.streams.length;
    this.#actorsUnsent = [];
    return request;
  }

  /** A copied write's rows into events (the ids, when taken ahead, are in its rows). */
  async copyRows(tx: DbTransaction, taken: TakenRows, withIds: boolean): Promise<void> {
    await tx.copyFrom(`COPY events (${withIds ? 'id, ' : ''}${EVENT_COPY_COLUMNS}) FROM STDIN`, taken.text);
    const byName = new Map(this.streams.map((stream) => [stream.name, stream]));
    for (const [name, count] of taken.streamCounts ?? []) {
      const stream = byName.get(name);
      if (stream) stream.eventCount += count;
    }
  }

  /** The batch's rows into events, after prepareBatch. */
  async insertBatch(
    tx: DbTransaction,
    table: string,
    records: readonly StagedRecord[],
    firstPosition: number,
  ): Promise<void> {
    const { context } = this;
    const reserved = this.#ids.get(firstPosition);
    this.#ids.delete(firstPosition);
    const ids = reserved && idList(reserved, records.length);
    const actorNames = [...this.#actors.keys()];
    // NOTE: the ORDER BY's sort of a 25,000-row batch spilled to disk at the default 4 MB; the batch's
    // transaction raises work_mem (import-file.ts).
    // Hidden rows take no change number (migration 009): the flip (hidden-import.ts) is the one change and
    // sends open devices to a full sync, so a failed import moves nothing. 1 is nobody's change (an incident
    // starts at 1) and the change index leaves it out (migration 023); a number below 1 is refused (022).
    // A marker goes to the incident's marker stream; import_stream_id (migration 005) names the stream whose import made it.
    await tx.query(
      `INSERT INTO events (${ids ? 'id, ' : ''}incident_id, stream_id, actor_id, is_marker, message, start_micros, end_micros, extra, source_line, import_stream_id, analyst_id, created_micros, search_vector, change_seq, generation)
       SELECT ${ids ? '($14::bigint[])[g.position - $15 + 1], ' : ''}$1, CASE WHEN g.is_marker THEN $2::bigint ELSE s.id END, a.id, g.is_marker, g.message,
              g.start_micros + CASE WHEN g.is_marker THEN $13::bigint ELSE $12::bigint END, g.end_micros + CASE WHEN g.is_marker THEN $13::bigint ELSE $12::bigint END, g.extra, g.line,
              CASE WHEN g.is_marker THEN s.id END, $3, $4,
              CASE WHEN g.position <= $${ids ? 16 : 14} THEN ${MESSAGE_VECTOR} || coalesce(a.vector, ''::tsvector) END, $10, $11
         FROM ${table} g
         JOIN unnest($5::text[], $6::bigint[]) AS s (name, id) ON s.name = coalesce(g.stream, $7)
         LEFT JOIN (SELECT n.name, n.id, ${ACTOR_VECTOR} AS vector FROM unnest($8::text[], $9::bigint[]) AS n (name, id)) a ON a.name = g.actor AND NOT g.is_marker
        ORDER BY g.position`,
      [
        context.incident.id,
        context.markerStreamId,
        context.analystId,
        context.nowMicros,
        this.streams.map((stream) => stream.name),
        this.streams.map((stream) => stream.id),
        context.defaultName,
        actorNames,
        actorNames.map((name) => this.#actors.get(name)!),
        HIDDEN_CHANGE_SEQ,
        context.reimport?.generation ?? 0,
        context.reimport?.streamOffsetMicros ?? 0,
        context.reimport?.markerOffsetMicros ?? 0,
        ...(ids ? [ids, firstPosition] : []),
        context.searchInlineRows ?? Number.MAX_SAFE_INTEGER,
      ],
    );
    if (records.some((record) => record.threadKey !== undefined && !record.isMarker))
      await this.#keepThreadKeys(tx, table);
    this.#countEvents(records);
  }

  #countEvents(records: readonly StagedRecord[]): void {
    const byName = new Map(this.streams.map((stream) => [stream.name, stream]));
    for (const record of records) {
      if (record.isMarker) continue;
      const stream = byName.get(record.stream ?? this.context.defaultName);
      if (stream) stream.eventCount += 1;
    }
  }

  /** The import's first stream (every format but Slack has it, even when only markers came). */
  async addDefaultStream(tx: DbTransaction): Promise<void> {
    await this.#createStream(tx, this.context.defaultName);
  }

  async #addStreams(tx: DbTransaction, records: readonly StagedRecord[]): Promise<void> {
    for (const record of records) {
      const name = record.stream ?? this.context.defaultName;
      if (!this.streams.some((stream) => stream.name === name)) await this.#createStream(tx, name);
    }
  }

  async #createStream(tx: DbTransaction, name: string): Promise<void> {
    const { context } = this;
    const [row] = await tx.query<{ id: number }>(
      'INSERT INTO streams (incident_id, name, import_format, created_micros, analyst_id, import_id) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id',
      [context.incident.id, name, context.format, context.nowMicros, context.analystId, context.importId],
    );
    this.streams.push({ id: row!.id, name, eventCount: 0 });
  }

  async #addActors(tx: DbTransaction, wanted: ReadonlyMap<string, boolean>): Promise<void> {
    // The actors this import creates stay out of sight with its events until the flip: inserted hidden,
    // so writing them moves no incident's change number (migration 012).
    const resolved = await incidentActorResolver(
      tx,
      this.context.incident,
      this.context.nowMicros,
      this.context.importId,
    )(wanted);
    for (const [name, id] of resolved) {
      if (!this.#actors.has(name)) this.#actorsUnsent.push([name, id]);
      this.#actors.set(name, id);
    }
  }

  /** Slack reply-thread keys of the batch's messages, by new event id, for the flip (reply-threads.ts). */
  async #keepThreadKeys(tx: DbTransaction, table: string): Promise<void> {
    await tx.query(
      `INSERT INTO import_thread_keys (import_id, event_id, thread_key)
       SELECT $1, e.id, g.thread_key FROM ${table} g
         JOIN unnest($2::text[], $3::bigint[]) AS s (name, id) ON s.name = coalesce(g.stream, $4)
         JOIN events e ON e.stream_id = s.id AND e.start_micros = g.start_micros AND e.source_line = g.line AND NOT e.is_marker
        WHERE g.thread_key IS NOT NULL AND NOT g.is_marker`,
      [
        this.context.importId,
        this.streams.map((stream) => stream.name),
        this.streams.map((stream) => stream.id),
        this.context.defaultName,
      ],
    );
  }
}
