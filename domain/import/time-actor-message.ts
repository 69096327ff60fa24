/*
 * Imported records as an analyst reads them in the events table: when (ISO, to the millisecond), who,
 * and what. The importers' tests write their expected rows in this form.
 */
import type { ImportRecord } from './import-record.ts';

type Readable = Pick<ImportRecord, 'startMicros' | 'actor' | 'message'>;

export function timeActorMessage(records: readonly Readable[]): [string, string, string][] {
  return records.map((record) => [
    new Date(Math.floor(record.startMicros / 1000)).toISOString(),
    record.actor,
    record.message,
  ]);
}
