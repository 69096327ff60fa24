/*
 * A component's read from the API: read again whenever `key` changes (undefined: nothing to read,
 * "not loaded"), cancelled when the key changes or the component leaves, and reload() on demand.
 * The lifecycle itself is api-read.ts; this only holds its state in React.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { NOT_LOADED, shownValue, startApiRead, type ApiLoad, type ApiReadState } from './api-read.ts';

export type { ApiLoad, ApiReadState } from './api-read.ts';
export { logFailure, shownValue } from './api-read.ts';

interface ApiRead<T, P = undefined> {
  state: ApiReadState<T, P>;
  reload: () => void;
}

/**
 * `load` may change on every render: the read uses the one given with the key it runs for, so only
 * the key decides when to read again (name in it every argument the read depends on).
 */
export function useApiRead<T, P = undefined>(key: string | undefined, load: ApiLoad<T, P>): ApiRead<T, P> {
  // The state remembers the key it was read for: after a key changes, the old key's answer is never shown as the new one's.
  const [held, setHeld] = useState<{ key: string | undefined; state: ApiReadState<T, P> }>({ key: undefined, state: NOT_LOADED });
  const [attempt, setAttempt] = useState(0);
  const loadRef = useRef(load);
  const lastValue = useRef<T | undefined>(undefined);

  useEffect(() => {
    loadRef.current = load;
  });

  useEffect(() => {
    if (key === undefined) return;
    const run = startApiRead<T, P>(
      (signal, progress) => loadRef.current(signal, progress),
      (next) => {
        if (next.status === 'loaded') lastValue.current = next.value;
        setHeld({ key, state: next });
      },
      lastValue.current,
    );
    return run.cancel;
  }, [key, attempt]);

  const reload = useCallback(() => setAttempt((count) => count + 1), []);
  if (key === undefined) return { state: NOT_LOADED, reload };
  if (held.key !== key) return { state: { status: 'loading', previous: shownValue(held.state) }, reload };
  return { state: held.state, reload };
}
