/*
 * The query of a page of events in time order (an incident's, or all of an organization's): keyset
 * paging by the `after` cursor a previous page answered as nextCursor, and an optional time window.
 */
import { z } from 'zod';
import { invalid } from '../../http-error.ts';
import { decodeCursor, encodeCursor, type EventCursor } from '../../repositories/events-repository.ts';

export const EventPageQuery = z.object({
  after: z.string().max(40).optional(),
  limit: z.coerce.number().int().min(1).max(50_000).default(10_000),
  minTimestamp: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  maxTimestamp: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
});

/** The page's query with its `after` read as a cursor; text that no page answered is refused. */
export function pageAfter<Q extends { after?: string | undefined }>(query: Q): Q & { after: EventCursor | undefined } {
  if (query.after === undefined) return { ...query, after: undefined };
  const after = decodeCursor(query.after);
  if (!after) throw invalid('after', 'must be a cursor from nextCursor');
  return { ...query, after };
}

/** A full page's last event, as the cursor of the next page; null once a page comes short. */
export function nextCursor(events: { startTimestamp: number; id: number }[], limit: number): string | null {
  const last = events[events.length - 1];
  return events.length === limit && last ? encodeCursor(last) : null;
}
