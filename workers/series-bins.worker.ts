/*
 * Bins a large incident's events for the events-over-time series off the main thread. The start
 * times and groups arrive transferred and the bins leave transferred, so a million events cost a
 * pass over two typed arrays, not a copy of them.
 */
import * as Comlink from 'comlink';
import { binEvents, type EventBinsWorkerApi } from '../domain/events/events-over-time.ts';

const api: EventBinsWorkerApi = {
  bin(input) {
    const bins = binEvents(input);
    return Comlink.transfer(bins, [bins.binStartMicros.buffer, bins.counts.buffer]);
  },
};

Comlink.expose(api);
