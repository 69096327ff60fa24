/*
 * The visible events of an incident as files another tool reads: CSV (one header row, RFC 4180
 * quoting), JSON Lines, and Timesketch CSV (message, datetime, timestamp, timestamp_desc). Times
 * are UTC with all six fraction digits, so domain/import reads every file back to the microsecond.
 * Timesketch has no actor field: the actor goes in computer_name, the field Timesketch importers
 * (and ours) read as the machine or person an event belongs to.
 */
import { formatMicros } from '../time/format-micros.ts';

export interface ExportEvent {
  readonly startTimestamp: number;
  readonly endTimestamp: number;
  readonly actorName: string;
  readonly streamName: string;
  readonly message: string;
  readonly isMarker: boolean;
  readonly tags: readonly string[];
}

export type ExportFormat = 'csv' | 'jsonl' | 'timesketch-csv';

const TIME = 'YYYY-MM-DD HH:mm:ss.SSSSSS';
const utc = (micros: number) => formatMicros(micros, 'UTC', TIME);
const iso = (micros: number) => `${formatMicros(micros, 'UTC', 'YYYY-MM-DD[T]HH:mm:ss.SSSSSS')}+00:00`;

/** RFC 4180: quoted when it holds a comma, quote or line break; quotes doubled. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

const csvLine = (fields: readonly string[]) => `${fields.map(csvField).join(',')}\r\n`;

function eventsToCsv(events: Iterable<ExportEvent>): string {
  const parts = [csvLine(['start_time', 'end_time', 'actor', 'message', 'stream', 'tags', 'marker'])];
  for (const event of events) {
    parts.push(
      csvLine([
        utc(event.startTimestamp),
        utc(event.endTimestamp),
        event.actorName,
        event.message,
        event.streamName,
        event.tags.join(';'),
        event.isMarker ? 'true' : 'false',
      ]),
    );
  }
  return parts.join('');
}

function eventsToJsonLines(events: Iterable<ExportEvent>): string {
  const parts: string[] = [];
  for (const event of events) {
    parts.push(
      `${JSON.stringify({
        start_time: utc(event.startTimestamp),
        end_time: utc(event.endTimestamp),
        actor: event.actorName,
        message: event.message,
        stream: event.streamName,
        tags: event.tags,
        marker: event.isMarker,
      })}\n`,
    );
  }
  return parts.join('');
}

function eventsToTimesketchCsv(events: Iterable<ExportEvent>): string {
  const parts = [
    csvLine(['message', 'datetime', 'timestamp', 'timestamp_desc', 'computer_name', 'stream', 'tag', 'end_timestamp']),
  ];
  for (const event of events) {
    parts.push(
      csvLine([
        event.message,
        iso(event.startTimestamp),
        String(event.startTimestamp),
        event.isMarker ? 'Marker' : 'Event Recorded',
        event.actorName,
        event.streamName,
        event.tags.join(';'),
        String(event.endTimestamp),
      ]),
    );
  }
  return parts.join('');
}

export function exportEvents(
  format: ExportFormat,
  events: Iterable<ExportEvent>,
): { text: string; mediaType: string; extension: string } {
  switch (format) {
    case 'csv':
      return { text: eventsToCsv(events), mediaType: 'text/csv', extension: 'csv' };
    case 'jsonl':
      return { text: eventsToJsonLines(events), mediaType: 'application/x-ndjson', extension: 'jsonl' };
    case 'timesketch-csv':
      return { text: eventsToTimesketchCsv(events), mediaType: 'text/csv', extension: 'timesketch.csv' };
  }
}
