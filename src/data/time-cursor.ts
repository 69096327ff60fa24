/*
 * The one time cursor every time-based picture shares: hovering any of them sets the instant, and each
 * visible picture marks it. Kept outside React state so a hover redraws the pictures that subscribe,
 * not the page; the source says which picture moved it, so that picture need not echo it back.
 */
import { createContext, useContext, useSyncExternalStore } from 'react';

interface TimeCursor {
  /** The instant under the pointer (microseconds since the epoch), or undefined when none is hovered. */
  readonly micros: number | undefined;
  /** Which picture set it ("event-timeline", "swimlane", "events-over-time", "map", …). */
  readonly source: string | undefined;
}

interface TimeCursorStore {
  get(): TimeCursor;
  set(micros: number | undefined, source: string): void;
  subscribe(listener: () => void): () => void;
}

const NONE: TimeCursor = { micros: undefined, source: undefined };

export function createTimeCursorStore(): TimeCursorStore {
  let current = NONE;
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    set(given, source) {
      // A chart asked about a point off an empty scale answers ±Infinity or NaN: that is no instant.
      const micros = given !== undefined && Number.isFinite(given) ? given : undefined;
      if (current.micros === micros && current.source === source) return;
      current = micros === undefined ? NONE : { micros, source };
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The page's store; a page showing pictures provides its own (IncidentScreen, the organization's pictures). */
export const TimeCursorContext = createContext<TimeCursorStore>(createTimeCursorStore());

export function useTimeCursorStore(): TimeCursorStore {
  return useContext(TimeCursorContext);
}

/** Re-renders the caller when the cursor moves; renderers that draw outside React subscribe to the store instead. */
export function useTimeCursor(): TimeCursor {
  const store = useTimeCursorStore();
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}

/**
 * Shows the cursor now and whenever another picture moves it (the picture's own hover it draws
 * itself); returns the unsubscribe, for an effect's cleanup.
 */
export function followCursor(
  store: TimeCursorStore,
  picture: string,
  show: (micros: number | undefined) => void,
): () => void {
  const follow = () => {
    const { micros, source } = store.get();
    if (source !== picture) show(micros);
  };
  follow();
  return store.subscribe(follow);
}
