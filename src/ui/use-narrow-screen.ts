/*
 * Whether the screen is narrower than a laptop's. Below 1200 px (an iPad upright at 768, on its side
 * at 1024 or 1194) the incident's side panel (288 px) and a detail panel (416 px) would leave the
 * picture a third of the width, so both become sheets; 1280-px laptops keep them beside it.
 */
import { useSyncExternalStore } from 'react';

const NARROW_SCREEN_QUERY = '(max-width: 1199.98px)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(NARROW_SCREEN_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

export function useNarrowScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(NARROW_SCREEN_QUERY).matches,
    () => false,
  );
}

/** Whether the device's main pointer is a finger (a tablet, a phone), for touch-only hints. */
export function useCoarsePointer(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = window.matchMedia('(pointer: coarse)');
      query.addEventListener('change', onChange);
      return () => query.removeEventListener('change', onChange);
    },
    () => window.matchMedia('(pointer: coarse)').matches,
    () => false,
  );
}
