/* Starts the chart layout workers; each call gets its own short-lived worker, ended when it answers. */
import * as Comlink from 'comlink';
import type { ChartForceWorkerApi, ChartPackWorkerApi } from '../../../domain/charts/chart-workers.ts';
import type { GraphLayoutInput } from '../../../domain/charts/incident-graph.ts';
import type { PackedNode, PackInput } from '../../../domain/charts/pack-actors.ts';

export async function packInWorker(input: PackInput): Promise<PackedNode[]> {
  const worker = new Worker(new URL('../../../workers/chart-pack.worker.ts', import.meta.url), {
    type: 'module',
    name: 'chart-pack',
  });
  try {
    return await Comlink.wrap<ChartPackWorkerApi>(worker).pack(input);
  } finally {
    worker.terminate();
  }
}

export async function forceLayoutInWorker(
  input: GraphLayoutInput,
): Promise<Array<{ x: number; y: number; r: number }>> {
  const worker = new Worker(new URL('../../../workers/chart-force.worker.ts', import.meta.url), {
    type: 'module',
    name: 'chart-force',
  });
  try {
    return await Comlink.wrap<ChartForceWorkerApi>(worker).layout(input);
  } finally {
    worker.terminate();
  }
}
