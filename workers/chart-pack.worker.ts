/* The actor-circle pack layout off the main thread (d3-hierarchy). */
import * as Comlink from 'comlink';
import type { ChartPackWorkerApi } from '../domain/charts/chart-workers.ts';
import { packActors } from '../domain/charts/pack-actors.ts';

const api: ChartPackWorkerApi = { pack: packActors };
Comlink.expose(api);
