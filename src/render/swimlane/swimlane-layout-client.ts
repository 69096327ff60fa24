/*
 * The one place that starts the swimlane layout worker. The input arrays are transferred (the
 * caller must not use them afterwards); the layout comes back transferred too.
 */
import * as Comlink from 'comlink';
import type {
  ColumnsLayoutRequest,
  SwimlaneLayout,
  SwimlaneLayoutInput,
  SwimlaneLayoutWorkerApi,
} from '../../../domain/swimlane/swimlane-layout.ts';

export interface SwimlaneLayoutClient {
  build(input: SwimlaneLayoutInput): Promise<SwimlaneLayout>;
  /** The request's arrays are transferred too: pass copies. */
  layoutOfColumns(request: ColumnsLayoutRequest): Promise<SwimlaneLayout>;
  histogram(startMicros: Float64Array, fromMicros: number, toMicros: number, bins: number): Promise<Uint32Array>;
  dispose(): void;
}

let prepared: SwimlaneLayoutClient | undefined;

/**
 * Starts the worker as the app starts on a swimlane's address (src/app/main.tsx): its code loads and
 * compiles on its own thread while the page mounts, so the first layout finds it ready.
 */
export function prepareSwimlaneLayoutClient(): void {
  const client = makeClient();
  prepared = client;
  setTimeout(() => {
    if (prepared !== client) return;
    prepared = undefined;
    client.dispose();
  }, 60_000);
}

/** The worker started early, once; otherwise a new one. */
export function createSwimlaneLayoutClient(): SwimlaneLayoutClient {
  const client = prepared ?? makeClient();
  prepared = undefined;
  return client;
}

function makeClient(): SwimlaneLayoutClient {
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
    layoutOfColumns(request) {
      const { columns, positions, highlighted } = request;
      const arrays = [
        columns.streamIDs,
        columns.actorIDs,
        columns.isMarker,
        columns.startTimestamps,
        columns.endTimestamps,
        ...(positions ? [positions] : []),
        ...(highlighted ? [highlighted] : []),
      ];
      return remote.layoutOfColumns(
        Comlink.transfer(
          request,
          arrays.map((array) => array.buffer as ArrayBuffer),
        ),
      );
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
