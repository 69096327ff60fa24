/*
 * What reads skip while an import runs (migration 010): a stream whose import_id is set, its events,
 * the markers it brought, and the actors it created. And by generation (migration 014): a re-import's
 * rows while it writes them, and, after its flip, the stream's imported rows of other generations
 * until they are deleted. Each list is read once per statement (an InitPlan over a tiny table), so
 * the filter costs a few comparisons per row and leaves the index plans alone.
 */

const HIDDEN_STREAMS = 'ARRAY(SELECT h.id FROM streams h WHERE h.import_id IS NOT NULL)';
const WRITING_GENERATIONS = "ARRAY(SELECT g.generation FROM stream_generations g WHERE g.state = 'writing')";
const RETIRING_STREAMS = "ARRAY(SELECT g.stream_id FROM stream_generations g WHERE g.state = 'retiring')";
const LIVE_GENERATIONS = "ARRAY(SELECT g.generation FROM stream_generations g WHERE g.state = 'retiring')";

/**
 * An event of `alias` that no running import or re-import hides. NOTE: `generation + 0`, not the bare
 * column: nearly every row has generation 0, so its statistics made the planner take `<> ALL (…)` for
 * a filter that keeps no row, and an event page went from its (incident, start) index to a seq scan
 * and sort; an expression has no statistics, so it is estimated as the near no-op it is.
 */
export const visibleEvent = (alias: string) =>
  `${alias}.stream_id <> ALL (${HIDDEN_STREAMS}) AND coalesce(${alias}.import_stream_id, 0) <> ALL (${HIDDEN_STREAMS})` +
  ` AND (${alias}.generation + 0) <> ALL (${WRITING_GENERATIONS})` +
  ` AND (${alias}.source_line IS NULL OR (${alias}.generation + 0) = ANY (${LIVE_GENERATIONS})` +
  ` OR (${alias}.stream_id <> ALL (${RETIRING_STREAMS}) AND coalesce(${alias}.import_stream_id, 0) <> ALL (${RETIRING_STREAMS})))`;

/** A stream, incident actor or map (migration 016) of `alias` that no running import hides. */
export const visibleRow = (alias: string) => `${alias}.import_id IS NULL`;
