/*
 * A page of an incident's events over the columnar wire (domain/events/event-columns.ts): asked for by
 * media type, decoded without JSON.parse. A server that answers JSON instead (one from before the
 * wire) is read as JSON and turned into the same columns.
 */
import { EVENT_COLUMNS_MEDIA_TYPE, type EventColumns } from '../../../domain/events/event-columns.ts';
import { decodeEventColumns } from '../../../domain/events/event-columns-decoder.ts';
import { columnsOfRows } from '../../../domain/events/event-columns-rows.ts';
import { EventPageSchema } from '../../../domain/incident-payload.ts';
import { ApiRequestError, apiGetBytes, noteServerVersion } from '../api-client.ts';
import { MIRROR_SYNC } from './mirror-sync-header.ts';

export async function fetchEventColumnPage(
  incidentID: number,
  after: string | undefined,
  limit: number,
  signal: AbortSignal | undefined,
): Promise<{ columns: EventColumns; nextCursor: string | null }> {
  const query = new URLSearchParams({ limit: String(limit) });
  if (after !== undefined) query.set('after', after);
  const path = `/api/incident/${incidentID}/events?${query}`;
  const { bytes, contentType } = await apiGetBytes(path, EVENT_COLUMNS_MEDIA_TYPE, { signal, headers: MIRROR_SYNC });
  if (contentType.includes(EVENT_COLUMNS_MEDIA_TYPE)) {
    const page = decodeEventColumns(bytes);
    noteServerVersion({ version: page.version });
    return { columns: page.columns, nextCursor: page.nextCursor };
  }
  const payload: unknown = JSON.parse(new TextDecoder().decode(bytes));
  noteServerVersion(payload);
  const parsed = EventPageSchema.safeParse(payload);
  if (!parsed.success) throw new ApiRequestError('GET', path, 200, undefined, `unexpected answer: ${parsed.error.message}`);
  return { columns: columnsOfRows(parsed.data.events), nextCursor: parsed.data.nextCursor };
}
