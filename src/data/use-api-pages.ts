/*
 * A paged read: the first page through useApiRead, then more pages on request, each one merged into
 * what is shown by the load itself. A reload or a new key starts over and cancels a page under way;
 * a page that fails leaves what was shown and says so in `more`.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { startApiRead, type ApiReadRun, type ApiReadState } from './api-read.ts';
import { useApiRead } from './use-api-read.ts';

type MoreState = { readonly status: 'idle' } | { readonly status: 'loading' } | { readonly status: 'failed'; readonly error: unknown };

interface ApiPages<T> {
  /** The read of the first page; once loaded, its value includes every page added since. */
  state: ApiReadState<T>;
  more: MoreState;
  loadMore: () => void;
  reload: () => void;
}

/** `load(signal, shown)`: the first page when `shown` is undefined, else `shown` with the next page added. */
export function useApiPages<T>(
  key: string | undefined,
  load: (signal: AbortSignal, shown: T | undefined) => Promise<T>,
): ApiPages<T> {
  const first = useApiRead(key, (signal) => load(signal, undefined));
  // Pages grown from one first answer: a new first answer (reload, new key) leaves them behind.
  const [grown, setGrown] = useState<{ from: T; value: T; more: MoreState } | undefined>(undefined);
  const running = useRef<ApiReadRun | undefined>(undefined);
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });
  useEffect(() => () => running.current?.cancel(), [key]);

  const base = first.state;
  const current = base.status === 'loaded' && grown?.from === base.value ? grown : undefined;
  const state: ApiReadState<T> = current ? { status: 'loaded', value: current.value } : base;
  const more: MoreState = current?.more ?? { status: 'idle' };

  const loadMore = useCallback(() => {
    if (base.status !== 'loaded' || more.status === 'loading') return;
    const from = base.value;
    const shown = current?.value ?? from;
    running.current?.cancel();
    running.current = startApiRead(
      (signal) => loadRef.current(signal, shown),
      (next) => {
        if (next.status === 'loaded') setGrown({ from, value: next.value, more: { status: 'idle' } });
        else if (next.status === 'error') setGrown({ from, value: shown, more: { status: 'failed', error: next.error } });
        else setGrown({ from, value: shown, more: { status: 'loading' } });
      },
    );
  }, [base, current, more.status]);

  const { reload: reloadFirst } = first;
  const reload = useCallback(() => {
    running.current?.cancel();
    reloadFirst();
  }, [reloadFirst]);

  return { state, more, loadMore, reload };
}
