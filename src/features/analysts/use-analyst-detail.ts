/*
 * One analyst for /analyst/{id}: the analyst and, for administrators, who may act as it and every
 * account that could. Requests are cancelled when the id changes or the screen closes.
 */
import { ApiRequestError } from '../../data/api-client.ts';
import { useApiRead } from '../../data/use-api-read.ts';
import type { Account } from '../../../domain/user.ts';
import { fetchAccounts, fetchAnalyst, type AnalystDetail } from './analysts-api.ts';

type AnalystDetailState =
  | { status: 'loading' }
  | { status: 'loaded'; detail: AnalystDetail; accounts: Account[] | undefined }
  | { status: 'failed'; notFound: boolean };

export function useAnalystDetail(
  analystID: number,
  isAdmin: boolean,
): { state: AnalystDetailState; reload: () => void } {
  const read = useApiRead(`analyst ${analystID} ${isAdmin}`, async (signal) => {
    try {
      const [detail, accounts] = await Promise.all([
        fetchAnalyst(analystID, signal),
        isAdmin ? fetchAccounts(signal) : Promise.resolve(undefined),
      ]);
      return { detail, accounts };
    } catch (error) {
      if (!signal.aborted) console.error(`error loading analyst ${analystID}`, error);
      throw error;
    }
  });
  const { reload } = read;
  let state: AnalystDetailState;
  if (read.state.status === 'loaded') state = { status: 'loaded', ...read.state.value };
  else if (read.state.status === 'error') {
    const error = read.state.error;
    state = { status: 'failed', notFound: error instanceof ApiRequestError && error.status === 404 };
  } else state = { status: 'loading' };
  return { state, reload };
}
