/*
 * Auth state of spec section 4: loading, then a user or none. No user (401) sends the browser to
 * the sign-in page; any other failure is logged, reported once (section 8) and leaves the user
 * cleared. With no network at all, the user last signed in here stands in (offline first), and
 * the check runs again when the network returns.
 */
import { useCallback, useEffect, useState } from 'react';
import type { User } from '../../../domain/user.ts';
import { apiAddress, ApiRequestError, isAbortError, NetworkError } from '../../data/api-client.ts';
import { cachedSignedInUser, cacheSignedInUser } from '../../data/session-cache.ts';
import { fetchSignedInUser, loginAddress } from './auth-api.ts';

export type SignedInUserState =
  | { status: 'loading' }
  | { status: 'signed-in'; user: User; offline: boolean }
  | { status: 'signing-in' }
  | { status: 'failed' };

export function useSignedInUser(): { state: SignedInUserState; reload: () => void; clear: () => void } {
  const [state, setState] = useState<SignedInUserState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    fetchSignedInUser(controller.signal).then(
      (user) => {
        cacheSignedInUser(user);
        setState({ status: 'signed-in', user, offline: false });
      },
      (error: unknown) => {
        if (controller.signal.aborted || isAbortError(error)) return;
        if (error instanceof ApiRequestError && error.status === 401) {
          setState({ status: 'signing-in' });
          window.location.assign(apiAddress(loginAddress(window.location.href)));
          return;
        }
        console.error('error while checking authenticated user', error);
        const cached = error instanceof NetworkError ? cachedSignedInUser() : undefined;
        if (cached) {
          setState({ status: 'signed-in', user: cached, offline: true });
          return;
        }
        setState({ status: 'failed' });
        window.alert('error while checking authenticated user');
      },
    );
    return () => controller.abort();
  }, [attempt]);

  const offline = state.status === 'signed-in' && state.offline;
  useEffect(() => {
    if (!offline) return;
    const recheck = () => setAttempt((count) => count + 1);
    window.addEventListener('online', recheck);
    return () => window.removeEventListener('online', recheck);
  }, [offline]);

  const reload = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((count) => count + 1);
  }, []);

  /** Forgets the user (spec: logout failure clears the user): the next step is signing in again. */
  const clear = useCallback(() => {
    setState({ status: 'signing-in' });
    window.location.assign(apiAddress(loginAddress(window.location.href)));
  }, []);

  return { state, reload, clear };
}
