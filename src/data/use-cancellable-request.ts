/*
 * A write the analyst starts and may cancel (an upload, an import): start() gives the signal of a
 * new request, cancelling the one before; cancel() is the Cancel button. Leaving the screen does not
 * cancel it: a write the analyst asked for finishes unless they say otherwise.
 */
import { useCallback, useMemo, useRef } from 'react';

interface CancellableRequest {
  start: () => AbortSignal;
  cancel: () => void;
}

export function useCancellableRequest(): CancellableRequest {
  const controller = useRef<AbortController | undefined>(undefined);
  const start = useCallback(() => {
    controller.current?.abort();
    controller.current = new AbortController();
    return controller.current.signal;
  }, []);
  const cancel = useCallback(() => controller.current?.abort(), []);
  return useMemo(() => ({ start, cancel }), [start, cancel]);
}
