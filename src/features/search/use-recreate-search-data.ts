/*
 * "Recreate all search data" (spec sections 1 and 8): busy while the server rebuilds; a failure is
 * logged and the busy flag cleared, so the item can be tried again.
 */
import { useCallback, useRef, useState } from 'react';
import { isAbortError } from '../../data/api-client.ts';
import { recreateSearchData } from './search-api.ts';

export function useRecreateSearchData(): { busy: boolean; recreate: () => void } {
  const [busy, setBusy] = useState(false);
  const running = useRef(false);

  const recreate = useCallback(() => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    recreateSearchData()
      .catch((error: unknown) => {
        if (!isAbortError(error)) console.error('error recreating search data', error);
      })
      .finally(() => {
        running.current = false;
        setBusy(false);
      });
  }, []);

  return { busy, recreate };
}
