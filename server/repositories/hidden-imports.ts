/*
 * What reads skip while an import runs (migration 010): a stream whose import_id is set, its events,
 * the markers it brought, and the actors it created. The hidden stream ids are read once per
 * statement (an InitPlan over a partial index), so the filter costs a comparison per row.
 */

const HIDDEN_STREAMS = 'ARRAY(SELECT h.id FROM streams h WHERE h.import_id IS NOT NULL)';

/** An event of `alias` that no running import hides. */
export const visibleEvent = (alias: string) =>
  `${alias}.stream_id <> ALL (${HIDDEN_STREAMS}) AND coalesce(${alias}.import_stream_id, 0) <> ALL (${HIDDEN_STREAMS})`;

/** A stream or incident actor of `alias` that no running import hides. */
export const visibleRow = (alias: string) => `${alias}.import_id IS NULL`;
