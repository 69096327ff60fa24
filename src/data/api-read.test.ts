import { describe, expect, it } from 'vitest';
import { logFailure, shownValue, startApiRead, type ApiReadState } from './api-read.ts';

/** A read the test answers by hand, with the signal it was given. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  let signal!: AbortSignal;
  const load = (given: AbortSignal) => {
    signal = given;
    return new Promise<T>((res, rej) => {
      resolve = res;
      reject = rej;
    });
  };
  return { load, resolve: (value: T) => resolve(value), reject: (error: unknown) => reject(error), signal: () => signal };
}

const settle = () => new Promise<void>((resolve) => queueMicrotask(resolve));

describe('a read through the API', () => {
  it('is loading, then loaded with the answer', async () => {
    const states: ApiReadState<string>[] = [];
    const read = deferred<string>();
    startApiRead(read.load, (state) => states.push(state));
    expect(states).toEqual([{ status: 'loading', previous: undefined }]);
    read.resolve('incident 7');
    await settle();
    expect(states.at(-1)).toEqual({ status: 'loaded', value: 'incident 7' });
  });

  it('reports a failure as error, keeping the value read before', async () => {
    const states: ApiReadState<string>[] = [];
    const read = deferred<string>();
    startApiRead(read.load, (state) => states.push(state), 'the last answer');
    const failure = new Error('GET /api/incident/7 failed with 500');
    read.reject(failure);
    await settle();
    expect(states.at(-1)).toEqual({ status: 'error', error: failure, previous: 'the last answer' });
    expect(shownValue(states.at(-1)!)).toBe('the last answer');
  });

  it('treats a load that throws at once as a failure, not a crash', async () => {
    const states: ApiReadState<string>[] = [];
    startApiRead<string>(() => {
      throw new Error('no such analyst');
    }, (state) => states.push(state));
    await settle();
    expect(states.at(-1)?.status).toBe('error');
  });

  it('aborts its request when cancelled and then says nothing, answer or error', async () => {
    const states: ApiReadState<string>[] = [];
    const answered = deferred<string>();
    startApiRead(answered.load, (state) => states.push(state)).cancel();
    expect(answered.signal().aborted).toBe(true);
    answered.resolve('too late');
    const failed = deferred<string>();
    startApiRead(failed.load, (state) => states.push(state)).cancel();
    failed.reject(new Error('the network went away'));
    await settle();
    expect(states.map((state) => state.status)).toEqual(['loading', 'loading']);
  });

  it('raises no error for the abort the fetch itself reports', async () => {
    const states: ApiReadState<string>[] = [];
    const read = deferred<string>();
    startApiRead(read.load, (state) => states.push(state));
    read.reject(new DOMException('The operation was aborted.', 'AbortError'));
    await settle();
    expect(states.map((state) => state.status)).toEqual(['loading']);
  });

  it('lets a new read replace an old one: only the new answer lands', async () => {
    const states: ApiReadState<string>[] = [];
    const first = deferred<string>();
    const second = deferred<string>();
    const old = startApiRead(first.load, (state) => states.push(state));
    old.cancel();
    startApiRead(second.load, (state) => states.push(state));
    second.resolve('analyst 2');
    first.resolve('analyst 1');
    await settle();
    expect(states.filter((state) => state.status === 'loaded')).toEqual([{ status: 'loaded', value: 'analyst 2' }]);
  });

  it('reports progress as loading, and none once cancelled', async () => {
    const states: ApiReadState<string, number>[] = [];
    let report!: (value: number) => void;
    const run = startApiRead<string, number>(
      (_signal, progress) => {
        report = progress;
        return new Promise<string>(() => undefined);
      },
      (state) => states.push(state),
      'the page before',
    );
    report(20_000);
    expect(states.at(-1)).toEqual({ status: 'loading', previous: 'the page before', progress: 20_000 });
    run.cancel();
    report(40_000);
    expect(states).toHaveLength(2);
  });

  it('logs a failure the analyst is shown, but not a cancelled read', async () => {
    const logged: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => logged.push(args[0]);
    try {
      const live = new AbortController();
      await expect(Promise.reject(new Error('500')).catch(logFailure('audit log failed', live.signal))).rejects.toThrow('500');
      const cancelled = new AbortController();
      cancelled.abort();
      await expect(Promise.reject(new Error('late')).catch(logFailure('never shown', cancelled.signal))).rejects.toThrow('late');
    } finally {
      console.error = original;
    }
    expect(logged).toEqual(['audit log failed']);
  });
});
