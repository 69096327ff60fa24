/*
 * Where imported records start and end in time and who speaks in them: what an analyst checks first
 * after an import. The importers' fixture tests state their expectations against it, as ISO text.
 */
import type { ImportRecord } from './import-record.ts';

type Spanned = Pick<ImportRecord, 'startMicros' | 'actor'>;

const isoOf = (micros: number) => new Date(Math.floor(micros / 1000)).toISOString();

/** first and last in file order, earliest and latest in time; the actors once each, sorted. */
export function recordSpan(records: readonly Spanned[]) {
  const head = records[0];
  const tail = records.at(-1);
  let earliest = Number.POSITIVE_INFINITY;
  let latest = Number.NEGATIVE_INFINITY;
  for (const { startMicros } of records) {
    earliest = Math.min(earliest, startMicros);
    latest = Math.max(latest, startMicros);
  }
  return {
    first: head === undefined ? undefined : isoOf(head.startMicros),
    last: tail === undefined ? undefined : isoOf(tail.startMicros),
    earliest: head === undefined ? undefined : isoOf(earliest),
    latest: head === undefined ? undefined : isoOf(latest),
    actors: [...new Set(records.map((record) => record.actor))].sort(),
  };
}
