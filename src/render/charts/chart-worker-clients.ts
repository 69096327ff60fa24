/* Starts the chart layout workers; each call gets its own short-lived worker, ended when it answers. */
import * as Comlink from 'comlink';
import type { ChartForceWorkerApi, ChartPackWorkerApi } from '../../../domain/charts/chart-workers.ts';
import type { GraphLayoutInput } from '../../../domain/charts/incident-graph.ts';
import type { PackedNode, PackInput } from '../../../domain/charts/pack-actors.ts';

export function packInWorker(input: PackInput): Promise<PackedNode[]> {
  const worker = new Worker(new URL('../../../workers/chart-pack.worker.ts', import.meta.url), {
    type: 'module',
    name: 'chart-pack',
  });
  return answerOnce(worker, (remote: Comlink.Remote<ChartPackWorkerApi>) => remote.pack(input));
}

export function forceLayoutInWorker(input: GraphLayoutInput): Promise<Array<{ x: number; y: number; r: number }>> {
  const worker = new Worker(new URL('../../../workers/chart-force.worker.ts', import.meta.url), {
    type: 'module',
    name: 'chart-force',
  });
  return answerOnce(worker, (remote: Comlink.Remote<ChartForceWorkerApi>) => remote.layout(input));
}

// The Worker is made by the caller: Vite bundles a worker only where `new Worker(new URL(…))` is written out.
async function answerOnce<Api, Answer>(
  worker: Worker,
  ask: (remote: Comlink.Remote<Api>) => Promise<Answer>,
): Promise<Answer> {
  try {
    return await ask(Comlink.wrap<Api>(worker));
  } finally {
    worker.terminate();
  }
}
