/*
 * The swimlane's view inputs last laid out for an incident on this device: the column of each actor (their
 * order, the hidden ones left out) and the colour of each stream. A reopen's copy worker lays the swimlane
 * out from them as soon as it has the numbers, before the page has mounted (event-numbers-copy-start.ts);
 * the page takes that layout only when its own inputs are these (swimlane-layout-at-start.ts). Kept in
 * localStorage: read synchronously as the app starts, a few hundred bytes, nothing an analyst typed.
 */

import type { SwimlaneView } from './copy-layout-input.ts';

const storageKey = (incidentID: number) => `churchkey:swimlane-view:${incidentID}`;

/** What two views are compared by: the maps' entries in their order (the order is the columns'). */
export const swimlaneViewKey = (view: SwimlaneView): string => JSON.stringify([view.columnOfActor, view.colorOfStream]);

const isPairs = (value: unknown): value is Array<[number, number]> =>
  Array.isArray(value) &&
  value.every((pair) => Array.isArray(pair) && pair.length === 2 && pair.every((part) => typeof part === 'number'));

/** The view last laid out for the incident with every event shown; undefined when none (or filtered). */
export function storedSwimlaneView(incidentID: number): SwimlaneView | undefined {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(storageKey(incidentID)) ?? 'null');
    if (typeof stored !== 'object' || stored === null) return undefined;
    const { columnOfActor, colorOfStream } = stored as Record<string, unknown>;
    return isPairs(columnOfActor) && isPairs(colorOfStream) ? { columnOfActor, colorOfStream } : undefined;
  } catch {
    // No storage here (a private window), or not ours: the page lays out as it mounts.
    return undefined;
  }
}

/** Keeps `view` for the next reopen, or forgets it: a filtered swimlane is not laid out ahead. */
export function storeSwimlaneView(incidentID: number, view: SwimlaneView | undefined): void {
  try {
    const key = storageKey(incidentID);
    if (!view) localStorage.removeItem(key);
    else {
      const text = JSON.stringify(view);
      if (localStorage.getItem(key) !== text) localStorage.setItem(key, text);
    }
  } catch {
    // Full or refused: the next reopen lays out as the page mounts.
  }
}
