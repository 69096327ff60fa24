/* The cross-incident-connections force layout off the main thread (d3-force, fixed ticks). */
import * as Comlink from 'comlink';
import type { ChartForceWorkerApi } from '../domain/charts/chart-workers.ts';
import { layoutGraph } from '../domain/charts/incident-graph.ts';

const api: ChartForceWorkerApi = { layout: layoutGraph };
Comlink.expose(api);
