/*
 * Event search (GET /api/events/search) as it travels on the wire. Snippets mark each highlighted
 * stretch with « and » (plain characters, never HTML): render them as text, splitting on the marks.
 */
import { z } from 'zod';
import { lineText } from './text-rules.ts';
import { EventRowSchema } from './event.ts';
import { IdSchema } from './ids.ts';

export const SEARCH_START_MARK = '«';
export const SEARCH_STOP_MARK = '»';
export const SEARCH_QUERY_MAX = 500;

const Page = (max: number, fallback: number, min: number) =>
  z.coerce
    .number({ error: 'must be an integer' })
    .int({ error: 'must be an integer' })
    .min(min, { error: `must be at least ${min}` })
    .max(max, { error: `must be at most ${max}` })
    .default(fallback);

export const SearchQuerySchema = z.object({
  /** Web search syntax: words, "a phrase", or, -word. */
  q: lineText()
    .trim()
    .min(1, { error: 'is required' })
    .max(SEARCH_QUERY_MAX, { error: `is longer than ${SEARCH_QUERY_MAX} characters` }),
  incidentID: IdSchema.optional(),
  organizationID: IdSchema.optional(),
  limit: Page(500, 50, 1),
  offset: Page(100_000, 0, 0),
});

/** The compact event of lists, with the names a result list shows. */
const SearchEventSchema = EventRowSchema.extend({
  incidentID: z.number().int(),
  incidentName: z.string(),
  streamName: z.string(),
  actorName: z.string(),
});

const SearchResultSchema = z.object({
  event: SearchEventSchema,
  rank: z.number(),
  /** The message's matching stretches, then each matching note's; none for markers. */
  snippets: z.array(z.string()),
});
export type SearchResult = z.infer<typeof SearchResultSchema>;

/**
 * A large import is shown before its search data is ready (prepared in the background): while some of
 * the searched events are still being prepared, the answer says how far that has come, so a short or
 * empty result is not taken for the final one.
 */
const SearchPreparingSchema = z.object({
  /** Events of the imports still being prepared, and how many of them are ready. */
  eventCount: z.number().int(),
  preparedCount: z.number().int(),
  /** The streams those imports made. */
  streamNames: z.array(z.string()),
});
export type SearchPreparing = z.infer<typeof SearchPreparingSchema>;

export const SearchAnswerSchema = z.object({
  results: z.array(SearchResultSchema),
  /** Every match the analyst may read, not only this page. */
  total: z.number().int(),
  preparing: SearchPreparingSchema.optional(),
  version: z.string(),
});

export const SearchRebuildAnswerSchema = z.object({ rebuilt: z.number().int(), version: z.string() });
