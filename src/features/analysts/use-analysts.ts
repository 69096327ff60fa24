/*
 * The analysts list (GET /api/analysts). The request is cancelled when the component goes away or
 * a reload starts; a cancelled request is no error. A failure is logged and kept as the state;
 * with no network, the list last seen in this browser stands in (offline first).
 */
import { useCallback, useState } from 'react';
import type { Analyst } from '../../../domain/analyst.ts';
import { ApiRequestError, isAbortError, NetworkError } from '../../data/api-client.ts';
import { cacheAnalysts, cachedAnalysts } from '../../data/session-cache.ts';
import { shownValue, useApiRead } from '../../data/use-api-read.ts';
import { fetchAnalysts } from './analysts-api.ts';

export type AnalystsState =
  | { status: 'loading' }
  | { status: 'loaded'; analysts: Analyst[] }
  | { status: 'failed'; httpStatus: number | undefined };

interface UseAnalysts {
  state: AnalystsState;
  reload: () => void;
  /** Puts an analyst the server just returned into the list before the next reload arrives. */
  remember: (analyst: Analyst) => void;
}

async function readAnalysts(signal: AbortSignal): Promise<Analyst[]> {
  try {
    const analysts = await fetchAnalysts(signal);
    cacheAnalysts(analysts);
    return analysts;
  } catch (error) {
    if (signal.aborted || isAbortError(error)) throw error;
    console.error('error loading analysts', error);
    const cached = error instanceof NetworkError ? cachedAnalysts() : undefined;
    if (cached) return cached;
    throw error;
  }
}

export function useAnalysts(): UseAnalysts {
  const { state: read, reload } = useApiRead('analysts', readAnalysts);
  // A loaded list stays on screen while it reloads, so the header name does not flicker.
  const list = read.status === 'error' ? undefined : shownValue(read);
  // What remember() added, to the answer it was added to: the next answer replaces it.
  const [remembered, setRemembered] = useState<{ to: Analyst[] | undefined; analysts: Analyst[] }>();
  const shown = remembered && remembered.to === list ? remembered.analysts : list;

  let state: AnalystsState = { status: 'loading' };
  if (shown) state = { status: 'loaded', analysts: shown };
  else if (read.status === 'error')
    state = { status: 'failed', httpStatus: read.error instanceof ApiRequestError ? read.error.status : undefined };

  const remember = useCallback(
    (analyst: Analyst) => {
      const others = (shown ?? []).filter((known) => known.id !== analyst.id);
      setRemembered({ to: list, analysts: [...others, analyst] });
    },
    [list, shown],
  );

  return { state, reload, remember };
}
