import { apiPostText } from '../../data/api-client.ts';

/** Rebuilds all search data (the spec's "Recreate all typesense data"; administrators). The answer is not used. */
export async function recreateSearchData(): Promise<void> {
  await apiPostText('/api/events/search', undefined);
}
