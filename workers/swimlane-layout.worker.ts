/*
 * The swimlane's layout off the main thread: events bucketed per column with their count pyramid
 * (domain/swimlane), and the minimap's histogram of every event. Arrays arrive and leave
 * transferred, never copied, so a million events cross in a few milliseconds. A large incident's
 * layout is kept on the device by its input's fingerprint, so a reopen reads it instead of laying out.
 */
import * as Comlink from 'comlink';
import {
  buildSwimlaneLayout,
  layoutBuffers,
  type SwimlaneLayout,
  type SwimlaneLayoutWorkerApi,
} from '../domain/swimlane/swimlane-layout.ts';
import { histogram } from '../domain/swimlane/swimlane-histogram.ts';
import { swimlaneInputKey } from '../domain/swimlane/swimlane-input-key.ts';
import { LAYOUT_CACHE_MIN_EVENTS, readCachedLayout, writeCachedLayout } from '../src/data/layout-cache.ts';

const api: SwimlaneLayoutWorkerApi = {
  async build(input, cacheAs) {
    const started = performance.now();
    const answer = (layout: SwimlaneLayout, fromCache: boolean) =>
      Comlink.transfer({ ...layout, fromCache, workMillis: performance.now() - started }, layoutBuffers(layout));
    if (cacheAs === undefined || input.startMicros.length < LAYOUT_CACHE_MIN_EVENTS)
      return answer(buildSwimlaneLayout(input), false);
    const key = swimlaneInputKey(input);
    const cached = await readCachedLayout(cacheAs, key);
    if (cached) return answer(cached, true);
    const layout = buildSwimlaneLayout(input);
    // The original leaves transferred; a copy stays here until IndexedDB has cloned it.
    void writeCachedLayout(cacheAs, key, structuredClone(layout));
    return answer(layout, false);
  },
  histogram(startMicros, fromMicros, toMicros, bins) {
    const counts = histogram(startMicros, fromMicros, toMicros, bins);
    return Comlink.transfer(counts, [counts.buffer]);
  },
};

Comlink.expose(api);
