/* Events: compact rows for pages and streams, keyset-paged by (start, id) over an index. */
import type { Queryable } from '../db/database.ts';
import type { EventRow } from '../../domain/event.ts';
import { visibleEvent } from './hidden-imports.ts';

interface EventDbRow {
  id: number;
  stream_id: number;
  actor_id: number | null;
  is_marker: boolean;
  message: string;
  start_micros: number;
  end_micros: number;
  extra: Record<string, never> | null;
}

export const EVENT_COLUMNS =
  'e.id, e.stream_id, e.actor_id, e.is_marker, e.message, e.start_micros, e.end_micros, e.extra';

export function toEventRow(row: EventDbRow): EventRow {
  return {
    id: row.id,
    streamID: row.stream_id,
    actorID: row.actor_id ?? 0,
    isMarker: row.is_marker,
    message: row.message,
    startTimestamp: row.start_micros,
    endTimestamp: row.end_micros,
    extra: row.extra,
  };
}

export interface EventCursor {
  startMicros: number;
  id: number;
}

export function encodeCursor(row: Pick<EventRow, 'startTimestamp' | 'id'>): string {
  return `${row.startTimestamp}.${row.id}`;
}

export function decodeCursor(text: string): EventCursor | undefined {
  const match = /^(\d{1,16})\.(\d{1,16})$/.exec(text);
  if (!match) return undefined;
  const startMicros = Number(match[1]);
  const id = Number(match[2]);
  return Number.isSafeInteger(startMicros) && Number.isSafeInteger(id) ? { startMicros, id } : undefined;
}

export interface EventPageOptions {
  after?: EventCursor | undefined;
  limit: number;
  minTimestamp?: number | undefined;
  maxTimestamp?: number | undefined;
}

/** The conditions of one page of events `e` past the cursor and in the window; their values join `params`. */
export function pageWhere(params: unknown[], options: EventPageOptions): string[] {
  const where: string[] = [];
  if (options.after) {
    params.push(options.after.startMicros, options.after.id);
    where.push(`(e.start_micros, e.id) > ($${params.length - 1}, $${params.length})`);
  }
  // An event overlaps the window when it ends after its start and starts before its end.
  if (options.minTimestamp !== undefined) {
    params.push(options.minTimestamp);
    where.push(`e.end_micros >= $${params.length}`);
  }
  if (options.maxTimestamp !== undefined) {
    params.push(options.maxTimestamp);
    where.push(`e.start_micros <= $${params.length}`);
  }
  return where;
}

export async function eventPage(db: Queryable, incidentId: number, options: EventPageOptions): Promise<EventRow[]> {
  const params: unknown[] = [incidentId];
  const where = ['e.incident_id = $1', visibleEvent('e'), ...pageWhere(params, options)];
  params.push(options.limit);
  const rows = await db.query<EventDbRow>(
    `SELECT ${EVENT_COLUMNS} FROM events e WHERE ${where.join(' AND ')} ORDER BY e.start_micros, e.id LIMIT $${params.length}`,
    params,
  );
  return rows.map(toEventRow);
}
