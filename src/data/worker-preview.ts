/*
 * A worker preview's lifecycle, without React: one run at a time (a new run cancels the one before),
 * progress while it runs, its result or its error, and nothing from a run once it was cancelled or
 * replaced. The worker client is made on the first run and disposed with the runner.
 */

export type WorkerPreviewState<P, R> =
  | { readonly phase: 'idle' }
  | { readonly phase: 'running'; readonly progress: P | undefined }
  | { readonly phase: 'cancelled' }
  | { readonly phase: 'error'; readonly message: string }
  | { readonly phase: 'ready'; readonly result: R };

/** What a worker client's preview call gives back: the answer (possibly "cancelled") and a way to stop it. */
export interface PreviewCall<A> {
  result: Promise<A>;
  cancel: () => void;
}

/** What a preview worker answers: its result, the file refused as a whole, or that it stopped (on cancel). */
export type PreviewAnswer<Done, Failed> =
  ({ readonly status: 'done' } & Done) | ({ readonly status: 'failed' } & Failed) | { readonly status: 'cancelled' };

/** The answers of a preview call carry a status; 'cancelled' is the worker saying it stopped. */
type Answer = { status: string };
export type Finished<A extends Answer> = Exclude<A, { status: 'cancelled' }>;

export interface WorkerPreviewRunner<C, P, A extends Answer> {
  run(call: (client: C, onProgress: (progress: P) => void) => PreviewCall<A>): void;
  /** Stops a run under way ('cancelled'); does nothing when none is. */
  cancel(): void;
  /** Stops any run and forgets the state ('idle'). */
  reset(): void;
  dispose(): void;
}

export function createWorkerPreviewRunner<C extends { dispose(): void }, P, A extends Answer>(
  createClient: () => C,
  onState: (state: WorkerPreviewState<P, Finished<A>>) => void,
): WorkerPreviewRunner<C, P, A> {
  let client: C | undefined;
  let stop: (() => void) | undefined;

  const halt = () => {
    stop?.();
    stop = undefined;
  };

  return {
    run(call) {
      halt();
      client ??= createClient();
      let current = true;
      const running = call(client, (progress) => {
        if (current) onState({ phase: 'running', progress });
      });
      stop = () => {
        current = false;
        running.cancel();
      };
      onState({ phase: 'running', progress: undefined });
      running.result.then(
        (answer) => {
          // NOTE: progress comes through its own MessagePort and may arrive after the result;
          // `current = false` drops it instead of turning the finished preview back to running.
          if (!current) return;
          current = false;
          stop = undefined;
          onState(
            answer.status === 'cancelled' ? { phase: 'cancelled' } : { phase: 'ready', result: answer as Finished<A> },
          );
        },
        (error: unknown) => {
          if (!current) return;
          current = false;
          stop = undefined;
          onState({ phase: 'error', message: error instanceof Error ? error.message : String(error) });
        },
      );
    },
    cancel() {
      if (!stop) return;
      halt();
      onState({ phase: 'cancelled' });
    },
    reset() {
      halt();
      onState({ phase: 'idle' });
    },
    dispose() {
      halt();
      client?.dispose();
      client = undefined;
    },
  };
}
