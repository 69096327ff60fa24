/*
 * The one place that starts the swimlane layout worker. The input arrays are transferred (the
 * caller must not use them afterwards); the layout comes back transferred too.
 */
import * as Comlink from 'comlink';
import type {
  SwimlaneLayout,
  SwimlaneLayoutInput,
  SwimlaneLayoutWorkerApi,
} from '../../../domain/swimlane/swimlane-layout.ts';

export interface SwimlaneLayoutClient {
  build(input: SwimlaneLayoutInput): Promise<SwimlaneLayout>;
  histogram(startMicros: Float64Array, fromMicros: number, toMicros: number, bins: number): Promise<Uint32Array>;
  dispose(): void;
}

export function createSwimlaneLayoutClient(): SwimlaneLayoutClient {
  const worker = new Worker(new URL('../../../workers/swimlane-layout.worker.ts', import.meta.url), {
    type: 'module',
    name: 'swimlane-layout',
  });
  const remote = Comlink.wrap<SwimlaneLayoutWorkerApi>(worker);
  return {
    build(input) {
      const buffers = [
        input.startMicros,
        input.endMicros,
        input.column,
        input.color,
        input.highlighted,
        input.position,
      ].map((array) => array.buffer as ArrayBuffer);
      return remote.build(Comlink.transfer(input, buffers));
    },
    histogram(startMicros, fromMicros, toMicros, bins) {
      return remote.histogram(
        Comlink.transfer(startMicros, [startMicros.buffer as ArrayBuffer]),
        fromMicros,
        toMicros,
        bins,
      );
    },
    dispose() {
      remote[Comlink.releaseProxy]();
      worker.terminate();
    },
  };
}
