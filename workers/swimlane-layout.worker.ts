/*
 * The swimlane's layout off the main thread: events bucketed per column with their count pyramid
 * (domain/swimlane), and the minimap's histogram of every event. Arrays arrive and leave
 * transferred, never copied, so a million events cross in a few milliseconds; the page sends copies of
 * its number columns and the worker makes the layout's input from them (layoutOfColumns). (Keeping a million-event layout in IndexedDB was tried: reading its 35 MB back took as long as laying
 * it out; see bench/RESULTS.md.)
 */
import * as Comlink from 'comlink';
import {
  buildSwimlaneLayout,
  layoutBuffers,
  type SwimlaneLayout,
  type SwimlaneLayoutInput,
  type SwimlaneLayoutWorkerApi,
} from '../domain/swimlane/swimlane-layout.ts';
import { histogram } from '../domain/swimlane/swimlane-histogram.ts';
import { layoutInputOfColumns } from '../domain/swimlane/swimlane-columns-input.ts';

function laidOut(input: SwimlaneLayoutInput, started: number): SwimlaneLayout {
  const layout: SwimlaneLayout = buildSwimlaneLayout(input);
  return Comlink.transfer({ ...layout, workMillis: performance.now() - started }, layoutBuffers(layout));
}

const api: SwimlaneLayoutWorkerApi = {
  layoutOfColumns(request) {
    const started = performance.now();
    const { input } = layoutInputOfColumns(
      request.columns,
      request.positions,
      request.highlighted,
      request.columnOfActor,
      request.colorOfStream,
    );
    return laidOut(input, started);
  },
  build(input) {
    return laidOut(input, performance.now());
  },
  histogram(startMicros, fromMicros, toMicros, bins) {
    const counts = histogram(startMicros, fromMicros, toMicros, bins);
    return Comlink.transfer(counts, [counts.buffer]);
  },
};

Comlink.expose(api);
