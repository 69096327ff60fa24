/*
 * Auth state of spec section 4: loading, then a user or none. No user (401) sends the browser to
 * the sign-in page; any other failure is reported once and leaves the user cleared.
 */
import { useCallback, useEffect, useState } from 'react';
import type { User } from '../../../domain/user.ts';
import { ApiRequestError, isAbortError } from '../../data/api-client.ts';
import { fetchSignedInUser, loginAddress } from './auth-api.ts';

export type SignedInUserState =
  | { status: 'loading' }
  | { status: 'signed-in'; user: User }
  | { status: 'signing-in' }
  | { status: 'failed' };

export function useSignedInUser(): { state: SignedInUserState; reload: () => void } {
  const [state, setState] = useState<SignedInUserState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    fetchSignedInUser(controller.signal).then(
      (user) => setState({ status: 'signed-in', user }),
      (error: unknown) => {
        if (controller.signal.aborted || isAbortError(error)) return;
        if (error instanceof ApiRequestError && error.status === 401) {
          setState({ status: 'signing-in' });
          window.location.assign(loginAddress(window.location.href));
          return;
        }
        console.error('error while checking authenticated user', error);
        setState({ status: 'failed' });
        window.alert('error while checking authenticated user');
      },
    );
    return () => controller.abort();
  }, [attempt]);

  const reload = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((count) => count + 1);
  }, []);

  return { state, reload };
}
