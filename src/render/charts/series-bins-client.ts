/*
 * Bins events for the events-over-time series: inline when few (a worker's start costs more than
 * the pass), in workers/series-bins.worker.ts when many. One worker is kept per chart and ended with it.
 */
import * as Comlink from 'comlink';
import {
  binEvents,
  type EventBins,
  type EventBinsInput,
  type EventBinsWorkerApi,
} from '../../../domain/events/events-over-time.ts';

/** Above this many events the pass moves off the main thread. */
const WORKER_BINNING_THRESHOLD = 100_000;

interface SeriesBinsClient {
  bin(input: EventBinsInput): Promise<EventBins>;
  dispose(): void;
}

export function createSeriesBinsClient(): SeriesBinsClient {
  let worker: Worker | undefined;
  let remote: Comlink.Remote<EventBinsWorkerApi> | undefined;
  return {
    async bin(input) {
      if (input.startMicros.length < WORKER_BINNING_THRESHOLD) return binEvents(input);
      if (!remote) {
        worker = new Worker(new URL('../../../workers/series-bins.worker.ts', import.meta.url), {
          type: 'module',
          name: 'series-bins',
        });
        remote = Comlink.wrap<EventBinsWorkerApi>(worker);
      }
      return remote.bin(Comlink.transfer(input, [input.startMicros.buffer, input.groups.buffer]));
    },
    dispose() {
      worker?.terminate();
      worker = undefined;
      remote = undefined;
    },
  };
}
