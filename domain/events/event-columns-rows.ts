/*
 * Between rows and columns: a page of rows into EventColumns (tests, optimistic merges) and columns
 * back into the row objects React shows. Building a row costs an object and a substring, so callers
 * build only the rows they show.
 */
import type { EventRow } from '../event.ts';
import type { EventColumns } from './event-columns.ts';
import { emptyEventListColumns, pushEventListColumn } from './event-list-columns.ts';

export function columnsOfRows(events: readonly EventRow[]): EventColumns {
  const count = events.length;
  const offsets = new Uint32Array(count + 1);
  const messages: string[] = new Array<string>(count);
  const extraPositions: number[] = [];
  const extras: unknown[] = [];
  const columns = emptyEventListColumns(count);
  let offset = 0;
  for (let index = 0; index < count; index += 1) {
    const event = events[index] as EventRow;
    pushEventListColumn(columns, event);
    messages[index] = event.message;
    offsets[index] = offset;
    offset += event.message.length;
    if (event.extra !== null) {
      extraPositions.push(index);
      extras.push(event.extra);
    }
  }
  offsets[count] = offset;
  return {
    ...columns,
    messageText: messages.join(''),
    messageOffsets: offsets,
    extraPositions: Uint32Array.from(extraPositions),
    extras,
  };
}

/** The extra data of each event that has some, by position. */
function extrasByPosition(columns: EventColumns): Map<number, EventRow['extra']> {
  const byPosition = new Map<number, EventRow['extra']>();
  for (let index = 0; index < columns.extraPositions.length; index += 1)
    byPosition.set(columns.extraPositions[index] as number, columns.extras[index] as EventRow['extra']);
  return byPosition;
}

function messageAt(columns: EventColumns, index: number): string {
  return columns.messageText.slice(columns.messageOffsets[index], columns.messageOffsets[index + 1]);
}

/** The row at `index`; pass extrasByPosition(columns) when building many. */
function rowAt(
  columns: EventColumns,
  index: number,
  extras: Map<number, EventRow['extra']> = extrasByPosition(columns),
): EventRow {
  return {
    id: columns.ids[index] as number,
    streamID: columns.streamIDs[index] as number,
    actorID: columns.actorIDs[index] as number,
    isMarker: columns.isMarker[index] === 1,
    message: messageAt(columns, index),
    startTimestamp: columns.startTimestamps[index] as number,
    endTimestamp: columns.endTimestamps[index] as number,
    extra: extras.get(index) ?? null,
  };
}

export function rowsOfColumns(columns: EventColumns): EventRow[] {
  const extras = extrasByPosition(columns);
  const rows = new Array<EventRow>(columns.count);
  for (let index = 0; index < columns.count; index += 1) rows[index] = rowAt(columns, index, extras);
  return rows;
}
