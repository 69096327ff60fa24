import { SearchAnswerSchema, type SearchPreparing, type SearchResult } from '../../../domain/search.ts';
import { apiGet } from '../../data/api-client.ts';

/** One page of server search results in an incident, best first (GET /api/events/search). */
export async function searchIncidentEvents(
  incidentID: number,
  q: string,
  offset: number,
  signal: AbortSignal,
): Promise<{ results: SearchResult[]; total: number; preparing: SearchPreparing | undefined }> {
  const query = new URLSearchParams({ q, incidentID: String(incidentID), limit: '100', offset: String(offset) });
  const answer = await apiGet(`/api/events/search?${query.toString()}`, SearchAnswerSchema, { signal });
  return { results: answer.results, total: answer.total, preparing: answer.preparing };
}
