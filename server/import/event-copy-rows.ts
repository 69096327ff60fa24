/*
 * A batch of the first import as COPY text rows of `events` itself: the parse worker's staging rows
 * (stage-file.ts) with stream and actor names swapped for the ids the import has made, so the batch
 * goes by one COPY straight into events, with no batch table, join or sort on the way.
 */
import { idAt, type EventIds } from './event-ids.ts';
import type { StagedRecord } from './staged-batches.ts';

/** The columns of eventCopyRows' rows, after the id when ids are given. */
export const EVENT_COPY_COLUMNS =
  'incident_id, stream_id, actor_id, is_marker, message, start_micros, end_micros, extra, source_line, import_stream_id, analyst_id, created_micros, change_seq';

interface EventRowsContext {
  incidentId: number;
  markerStreamId: number;
  analystId: number | null;
  nowMicros: number;
  changeSeq: number;
  streamId: (record: StagedRecord) => number;
  actorId: (name: string) => number | undefined;
  /** The batch's event ids in file order (taken ahead when batches are written side by side). */
  ids: EventIds | undefined;
}

const NULL = '\\N';

// The staging row's fields (stagedBatches): position, line, is_marker, actor, actor_is_bot, message,
// start, end, extra, stream, thread_key; the message and extra are COPY text already and pass as they are.
// Fields 5-8 are taken as one slice between the 5th and 9th tab (COPY text escapes every tab inside a
// field) rather than by splitting the row into eleven strings: about half the main thread's time here.
export function eventCopyRows(
  lines: readonly string[],
  records: readonly StagedRecord[],
  context: EventRowsContext,
): string {
  const out: string[] = new Array<string>(lines.length);
  const fixed = `${context.analystId ?? NULL}\t${context.nowMicros}\t${context.changeSeq}`;
  for (let index = 0; index < lines.length; index += 1) {
    const record = records[index]!;
    const line = lines[index]!;
    let tab = -1;
    for (let field = 0; field < 5; field += 1) tab = line.indexOf('\t', tab + 1);
    const from = tab + 1;
    for (let field = 5; field < 9; field += 1) tab = line.indexOf('\t', tab + 1);
    const stream = context.streamId(record);
    const marker = record.isMarker === true;
    const actor = marker || record.actor === '' ? undefined : context.actorId(record.actor);
    const id = context.ids ? `${idAt(context.ids, index)}\t` : '';
    out[index] =
      `${id}${context.incidentId}\t${marker ? context.markerStreamId : stream}\t${actor ?? NULL}\t${marker ? 't' : 'f'}\t` +
      `${line.slice(from, tab)}\t${record.line}\t${marker ? stream : NULL}\t${fixed}`;
  }
  return `${out.join('\n')}\n`;
}
