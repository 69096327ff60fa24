/*
 * Runs of a preview worker (import, map): each run gets its own id, so the page may cancel the run it
 * no longer shows while the worker goes on serving the next. An AbortSignal cannot cross postMessage.
 */
import * as Comlink from 'comlink';

export interface PreviewRun<Result> {
  readonly result: Promise<Result>;
  readonly cancel: () => void;
}

interface PreviewWorkerRuns<Api> {
  run<Result>(start: (remote: Comlink.Remote<Api>, runID: number) => Promise<Result>): PreviewRun<Result>;
  dispose(): void;
}

let nextRunID = 1;

export function previewWorkerRuns<Api extends { cancel(runID: number): void }>(worker: Worker): PreviewWorkerRuns<Api> {
  const remote = Comlink.wrap<Api>(worker);
  // Comlink's Remote of a generic Api cannot be narrowed to its cancel; every preview Api has one.
  const cancel = (runID: number) => void (remote as unknown as Comlink.Remote<{ cancel(runID: number): void }>).cancel(runID);
  return {
    run(start) {
      const runID = nextRunID++;
      return { result: start(remote, runID), cancel: () => cancel(runID) };
    },
    dispose() {
      remote[Comlink.releaseProxy]();
      worker.terminate();
    },
  };
}
