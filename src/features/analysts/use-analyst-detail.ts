/*
 * One analyst for /analyst/{id}: the analyst and, for administrators, who may act as it and every
 * account that could. Requests are cancelled when the id changes or the screen closes.
 */
import { useCallback, useEffect, useState } from 'react';
import { ApiRequestError, isAbortError } from '../../data/api-client.ts';
import type { Account } from '../../../domain/user.ts';
import { fetchAccounts, fetchAnalyst, type AnalystDetail } from './analysts-api.ts';

export type AnalystDetailState =
  | { status: 'loading' }
  | { status: 'loaded'; detail: AnalystDetail; accounts: Account[] | undefined }
  | { status: 'failed'; notFound: boolean };

export function useAnalystDetail(analystID: number, isAdmin: boolean): { state: AnalystDetailState; reload: () => void } {
  const [state, setState] = useState<AnalystDetailState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    const accounts = isAdmin ? fetchAccounts(controller.signal) : Promise.resolve(undefined);
    Promise.all([fetchAnalyst(analystID, controller.signal), accounts]).then(
      ([detail, accountList]) => setState({ status: 'loaded', detail, accounts: accountList }),
      (error: unknown) => {
        if (controller.signal.aborted || isAbortError(error)) return;
        console.error(`error loading analyst ${analystID}`, error);
        setState({ status: 'failed', notFound: error instanceof ApiRequestError && error.status === 404 });
      },
    );
    return () => controller.abort();
  }, [analystID, isAdmin, attempt]);

  const reload = useCallback(() => setAttempt((count) => count + 1), []);
  return { state, reload };
}
