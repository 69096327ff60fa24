import { useSyncExternalStore } from 'react';
import { getTimeZone, setTimeZone, subscribeTimeZone } from './time-zone-store.ts';

/** The chosen time zone and a setter that refuses unknown zones. */
export function useTimeZone(): [string, (name: string) => boolean] {
  return [useSyncExternalStore(subscribeTimeZone, getTimeZone), setTimeZone];
}
