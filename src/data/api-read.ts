/*
 * One read's lifecycle, without React: the spec's four states (not loaded, loading, loaded, error),
 * an AbortSignal the read is cancelled with, and the rule that a cancelled read says nothing: no
 * error, no late answer. use-api-read.ts binds it to a component; the unit tests drive it directly.
 */

export type ApiReadState<T> =
  | { readonly status: 'not loaded' }
  | { readonly status: 'loading'; readonly previous: T | undefined }
  | { readonly status: 'loaded'; readonly value: T }
  | { readonly status: 'error'; readonly error: unknown; readonly previous: T | undefined };

export const NOT_LOADED: ApiReadState<never> = { status: 'not loaded' };

/** A read under way; cancel() aborts its request and silences whatever it answers later. */
interface ApiReadRun {
  cancel(): void;
}

const aborted = (error: unknown) => typeof error === 'object' && error !== null && 'name' in error && error.name === 'AbortError';

/**
 * Starts `load` with a fresh signal: `loading` now, then `loaded` or `error` unless cancelled first.
 * `previous` (the last value read) travels with loading and error, so a screen may keep showing it.
 */
export function startApiRead<T>(load: (signal: AbortSignal) => Promise<T>, onState: (state: ApiReadState<T>) => void, previous?: T): ApiReadRun {
  const controller = new AbortController();
  onState({ status: 'loading', previous });
  let answer: Promise<T>;
  try {
    answer = load(controller.signal);
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
export function shownValue<T>(state: ApiReadState<T>): T | undefined {
  if (state.status === 'loaded') return state.value;
  if (state.status === 'not loaded') return undefined;
  return state.previous;
}
