/*
 * One read's lifecycle, without React: the spec's four states (not loaded, loading, loaded, error),
 * an AbortSignal the read is cancelled with, and the rule that a cancelled read says nothing: no
 * error, no late answer. use-api-read.ts binds it to a component; the unit tests drive it directly.
 */

export type ApiReadState<T, P = undefined> =
  | { readonly status: 'not loaded' }
  /** `progress`: how far a long read (pages, a mirror filling) has come, when its load reports it. */
  | { readonly status: 'loading'; readonly previous: T | undefined; readonly progress?: P }
  | { readonly status: 'loaded'; readonly value: T }
  | { readonly status: 'error'; readonly error: unknown; readonly previous: T | undefined };

export const NOT_LOADED: ApiReadState<never> = { status: 'not loaded' };

/** A read under way; cancel() aborts its request and silences whatever it answers later. */
export interface ApiReadRun {
  cancel(): void;
}

/** A read: given the signal to stop on, and a way to say how far it has come (a loading state each time). */
export type ApiLoad<T, P = undefined> = (signal: AbortSignal, progress: (value: P) => void) => Promise<T>;

const aborted = (error: unknown) => typeof error === 'object' && error !== null && 'name' in error && error.name === 'AbortError';

/**
 * Starts `load` with a fresh signal: `loading` now, then `loaded` or `error` unless cancelled first.
 * `previous` (the last value read) travels with loading and error, so a screen may keep showing it.
 */
export function startApiRead<T, P = undefined>(
  load: ApiLoad<T, P>,
  onState: (state: ApiReadState<T, P>) => void,
  previous?: T,
): ApiReadRun {
  const controller = new AbortController();
  onState({ status: 'loading', previous });
  const progress = (value: P) => {
    if (!controller.signal.aborted) onState({ status: 'loading', previous, progress: value });
  };
  let answer: Promise<T>;
  try {
    answer = load(controller.signal, progress);
  } catch (error) {
    answer = Promise.reject(error);
  }
  answer.then(
    (value) => {
      if (!controller.signal.aborted) onState({ status: 'loaded', value });
    },
    (error: unknown) => {
      if (controller.signal.aborted || aborted(error)) return;
      onState({ status: 'error', error, previous });
    },
  );
  return { cancel: () => controller.abort() };
}

/** The value to show: the one loaded, or the one before while a new read runs or after it failed. */
export function shownValue<T, P>(state: ApiReadState<T, P>): T | undefined {
  if (state.status === 'loaded') return state.value;
  if (state.status === 'not loaded') return undefined;
  return state.previous;
}

/** For `.catch()` inside a load: logs a failure the analyst will be shown (not a cancel), then passes it on. */
export const logFailure =
  (what: string, signal: AbortSignal) =>
  (error: unknown): never => {
    if (!signal.aborted && !aborted(error)) console.error(what, error);
    throw error;
  };
