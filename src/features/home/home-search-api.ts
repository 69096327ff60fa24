import { SearchAnswerSchema, type SearchPreparing, type SearchResult } from '../../../domain/search.ts';
import { apiGet } from '../../data/api-client.ts';

/**
 * Events matching `q` in every incident the analyst may read, best first, and how far a large import's
 * search data has come when some of it is still being prepared (its matches may be missing yet).
 */
export async function searchEverything(
  q: string,
  signal: AbortSignal,
): Promise<{ results: SearchResult[]; total: number; preparing: SearchPreparing | undefined }> {
  const answer = await apiGet(
    `/api/events/search?${new URLSearchParams({ q, limit: '25' }).toString()}`,
    SearchAnswerSchema,
    { signal },
  );
  return { results: answer.results, total: answer.total, preparing: answer.preparing };
}
