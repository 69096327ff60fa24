/*
 * The analysts list (GET /api/analysts). The request is cancelled when the component goes away or
 * a reload starts; a cancelled request is no error. A failure is logged and kept as the state;
 * with no network, the list last seen in this browser stands in (offline first).
 */
import { useCallback, useEffect, useState } from 'react';
import type { Analyst } from '../../../domain/analyst.ts';
import { ApiRequestError, isAbortError, NetworkError } from '../../data/api-client.ts';
import { cacheAnalysts, cachedAnalysts } from '../../data/session-cache.ts';
import { fetchAnalysts } from './analysts-api.ts';

export type AnalystsState =
  | { status: 'loading' }
  | { status: 'loaded'; analysts: Analyst[] }
  | { status: 'failed'; httpStatus: number | undefined };

export interface UseAnalysts {
  state: AnalystsState;
  reload: () => void;
  /** Puts an analyst the server just returned into the list before the next reload arrives. */
  remember: (analyst: Analyst) => void;
}

export function useAnalysts(): UseAnalysts {
  const [state, setState] = useState<AnalystsState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    fetchAnalysts(controller.signal).then(
      (analysts) => {
        cacheAnalysts(analysts);
        setState({ status: 'loaded', analysts });
      },
      (error: unknown) => {
        if (controller.signal.aborted || isAbortError(error)) return;
        console.error('error loading analysts', error);
        const cached = error instanceof NetworkError ? cachedAnalysts() : undefined;
        if (cached) setState({ status: 'loaded', analysts: cached });
        else setState({ status: 'failed', httpStatus: error instanceof ApiRequestError ? error.status : undefined });
      },
    );
    return () => controller.abort();
  }, [attempt]);

  // A loaded list stays on screen while it reloads, so the header name does not flicker.
  const reload = useCallback(() => {
    setState((current) => (current.status === 'failed' ? { status: 'loading' } : current));
    setAttempt((count) => count + 1);
  }, []);

  const remember = useCallback((analyst: Analyst) => {
    setState((current) => {
      const others = current.status === 'loaded' ? current.analysts.filter((known) => known.id !== analyst.id) : [];
      return { status: 'loaded', analysts: [...others, analyst] };
    });
  }, []);

  return { state, reload, remember };
}
