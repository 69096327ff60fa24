import { SearchAnswerSchema, type SearchResult } from '../../../domain/search.ts';
import { apiGet } from '../../data/api-client.ts';

/** Events matching `q` in every incident the analyst may read, best first. */
export async function searchEverything(
  q: string,
  signal: AbortSignal,
): Promise<{ results: SearchResult[]; total: number }> {
  const answer = await apiGet(
    `/api/events/search?${new URLSearchParams({ q, limit: '25' }).toString()}`,
    SearchAnswerSchema,
    { signal },
  );
  return { results: answer.results, total: answer.total };
}
