/* What the chart workers answer through Comlink. */
import type { GraphLayoutInput } from './incident-graph.ts';
import type { PackedNode, PackInput } from './pack-actors.ts';

export interface ChartPackWorkerApi {
  pack(input: PackInput): PackedNode[];
}

export interface ChartForceWorkerApi {
  layout(input: GraphLayoutInput): Array<{ x: number; y: number; r: number }>;
}
