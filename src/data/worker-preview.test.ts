import { describe, expect, it } from 'vitest';
import { createWorkerPreviewRunner, type PreviewCall, type WorkerPreviewState } from './worker-preview.ts';

type Answer = { status: 'ok'; rows: number } | { status: 'cancelled' };

/** A stand-in worker client whose preview calls the test answers by hand. */
function fakeClient() {
  const calls: { resolve: (answer: Answer) => void; reject: (error: unknown) => void; progress: (rows: number) => void; cancelled: boolean }[] = [];
  let disposed = false;
  const client = {
    preview(onProgress: (rows: number) => void): PreviewCall<Answer> {
      const call = { resolve: (_: Answer) => {}, reject: (_: unknown) => {}, progress: onProgress, cancelled: false };
      const result = new Promise<Answer>((resolve, reject) => {
        call.resolve = resolve;
        call.reject = reject;
      });
      calls.push(call);
      return { result, cancel: () => (call.cancelled = true) };
    },
    dispose: () => (disposed = true),
  };
  return { client, calls, disposed: () => disposed };
}

const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function runner() {
  const fake = fakeClient();
  const states: WorkerPreviewState<number, { status: 'ok'; rows: number }>[] = [];
  let made = 0;
  const preview = createWorkerPreviewRunner<typeof fake.client, number, Answer>(
    () => {
      made += 1;
      return fake.client;
    },
    (state) => states.push(state),
  );
  const run = () => preview.run((client, onProgress) => client.preview(onProgress));
  return { fake, states, preview, run, made: () => made };
}

describe('a worker preview', () => {
  it('runs with progress, then is ready with the result; the worker is made once', async () => {
    const { fake, states, run, made } = runner();
    run();
    fake.calls[0]!.progress(500);
    fake.calls[0]!.resolve({ status: 'ok', rows: 1000 });
    await settle();
    run();
    expect(made()).toBe(1);
    expect(states.slice(0, 3)).toEqual([
      { phase: 'running', progress: undefined },
      { phase: 'running', progress: 500 },
      { phase: 'ready', result: { status: 'ok', rows: 1000 } },
    ]);
  });

  it('drops a late progress report of a finished run', async () => {
    const { fake, states, run } = runner();
    run();
    fake.calls[0]!.resolve({ status: 'ok', rows: 3 });
    await settle();
    fake.calls[0]!.progress(2);
    expect(states.at(-1)).toEqual({ phase: 'ready', result: { status: 'ok', rows: 3 } });
  });

  it('cancels the run before when a new one starts, and shows only the new result', async () => {
    const { fake, states, run } = runner();
    run();
    run();
    expect(fake.calls[0]!.cancelled).toBe(true);
    fake.calls[0]!.resolve({ status: 'cancelled' });
    fake.calls[1]!.resolve({ status: 'ok', rows: 2 });
    await settle();
    expect(states.filter((state) => state.phase !== 'running')).toEqual([{ phase: 'ready', result: { status: 'ok', rows: 2 } }]);
  });

  it('says cancelled when stopped, and reports nothing the stopped run answers later', async () => {
    const { fake, states, preview, run } = runner();
    run();
    preview.cancel();
    fake.calls[0]!.reject(new Error('worker gone'));
    await settle();
    expect(states.map((state) => state.phase)).toEqual(['running', 'cancelled']);
    preview.cancel();
    expect(states).toHaveLength(2);
  });

  it('reports an error in words, and disposes the worker with the runner', async () => {
    const { fake, states, preview, run } = runner();
    run();
    fake.calls[0]!.reject(new Error('The file could not be read.'));
    await settle();
    expect(states.at(-1)).toEqual({ phase: 'error', message: 'The file could not be read.' });
    preview.dispose();
    expect(fake.disposed()).toBe(true);
  });
});
