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
import { useApiRead } from '../../data/use-api-read.ts';
import { fetchSignedInUser, loginAddress } from './auth-api.ts';

type SignedInUserState =
  | { status: 'loading' }
  | { status: 'signed-in'; user: User; offline: boolean }
  | { status: 'signing-in' }
  | { status: 'failed' };

const signIn = () => window.location.assign(apiAddress(loginAddress(window.location.href)));

/** The check's answer as a state; a cancelled check stays an abort, which says nothing. */
async function checkUser(signal: AbortSignal): Promise<SignedInUserState> {
  try {
    const user = await fetchSignedInUser(signal);
    cacheSignedInUser(user);
    return { status: 'signed-in', user, offline: false };
  } catch (error) {
    if (signal.aborted || isAbortError(error)) throw error;
    if (error instanceof ApiRequestError && error.status === 401) {
      signIn();
      return { status: 'signing-in' };
    }
    console.error('error while checking authenticated user', error);
    const cached = error instanceof NetworkError ? cachedSignedInUser() : undefined;
    if (cached) return { status: 'signed-in', user: cached, offline: true };
    window.alert('error while checking authenticated user');
    return { status: 'failed' };
  }
}

export function useSignedInUser(): { state: SignedInUserState; reload: () => void; clear: () => void } {
  const { state: read, reload: readAgain } = useApiRead('signed-in user', checkUser);
  // A check when the network returns keeps the offline user on screen; a reload asked for shows loading.
  const [keepWhileChecking, setKeepWhileChecking] = useState(false);
  const [cleared, setCleared] = useState(false);

  let state: SignedInUserState = { status: 'loading' };
  if (read.status === 'loaded') state = read.value;
  else if (read.status === 'error') state = { status: 'failed' };
  else if (read.status === 'loading' && keepWhileChecking && read.previous) state = read.previous;
  if (cleared) state = { status: 'signing-in' };

  const offline = state.status === 'signed-in' && state.offline;
  useEffect(() => {
    if (!offline) return;
    const recheck = () => {
      setKeepWhileChecking(true);
      readAgain();
    };
    window.addEventListener('online', recheck);
    return () => window.removeEventListener('online', recheck);
  }, [offline, readAgain]);

  const reload = useCallback(() => {
    setKeepWhileChecking(false);
    readAgain();
  }, [readAgain]);

  /** Forgets the user (spec: logout failure clears the user): the next step is signing in again. */
  const clear = useCallback(() => {
    setCleared(true);
    signIn();
  }, []);

  return { state, reload, clear };
}
