/*
 * A worker preview bound to a component: the runner of worker-preview.ts made once, its state in
 * React, and the worker disposed when the component leaves. `latest` keeps the last finished result
 * while a new run (another mapping, zone or file) is under way.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { createWorkerPreviewRunner, type Finished, type PreviewCall, type WorkerPreviewRunner, type WorkerPreviewState } from './worker-preview.ts';

export type { WorkerPreviewState } from './worker-preview.ts';

interface WorkerPreview<C, P, A extends { status: string }> {
  state: WorkerPreviewState<P, Finished<A>>;
  latest: Finished<A> | undefined;
  run: (call: (client: C, onProgress: (progress: P) => void) => PreviewCall<A>) => void;
  cancel: () => void;
  reset: () => void;
}

export function useWorkerPreview<C extends { dispose(): void }, P, A extends { status: string }>(createClient: () => C): WorkerPreview<C, P, A> {
  const [state, setState] = useState<WorkerPreviewState<P, Finished<A>>>({ phase: 'idle' });
  const [latest, setLatest] = useState<Finished<A> | undefined>(undefined);
  const runner = useRef<WorkerPreviewRunner<C, P, A> | undefined>(undefined);
  const createRef = useRef(createClient);

  useEffect(
    () => () => {
      runner.current?.dispose();
      runner.current = undefined;
    },
    [],
  );

  // Made on the first run (a child may start one before this component's effects ran).
  const ensure = useCallback(
    () =>
      (runner.current ??= createWorkerPreviewRunner<C, P, A>(
        () => createRef.current(),
        (next) => {
          setState(next);
          if (next.phase === 'ready') setLatest(next.result);
          if (next.phase === 'idle') setLatest(undefined);
        },
      )),
    [],
  );

  const run = useCallback((call: (client: C, onProgress: (progress: P) => void) => PreviewCall<A>) => ensure().run(call), [ensure]);
  const cancel = useCallback(() => runner.current?.cancel(), []);
  const reset = useCallback(() => runner.current?.reset(), []);
  return { state, latest, run, cancel, reset };
}
