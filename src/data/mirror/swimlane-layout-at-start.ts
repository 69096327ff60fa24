/*
 * The swimlane laid out by the copy's worker as the app started (event-numbers-copy-start.ts), held beside
 * the list read from that same copy (early-events-read.ts). The page takes it instead of asking its layout
 * worker only when its list is that list (the copy passed its check against the mirror; a list patched by
 * a change or read again is another list) and its own view inputs are the ones laid out with; otherwise it
 * lays out as before. Each layout the page asks for records its view for the next reopen.
 */
import type { EventListColumns } from '../../../domain/events/event-list-columns.ts';
import type { SwimlaneLayout } from '../../../domain/swimlane/swimlane-layout.ts';
import { eventListColumns } from './event-list-columns.ts';
import { lazyEventSource } from './lazy-event-list.ts';
import type { SwimlaneView } from './copy-layout-input.ts';
import { storeSwimlaneView, swimlaneViewKey } from './swimlane-view-store.ts';

interface LayoutAtStart {
  viewKey: string;
  laidOut: Promise<SwimlaneLayout | undefined>;
}

// Keyed by the list's columns: the list the texts complete later is another array with the same columns.
const atStart = new WeakMap<EventListColumns, LayoutAtStart>();

/** The worker's layout for the list read from its copy (every event of it, no optimistic row). */
export function registerLayoutAtStart(events: readonly object[], layout: LayoutAtStart): void {
  const columns = eventListColumns(events);
  if (columns) atStart.set(columns, layout);
}

/** The page's view inputs for one layout; `everyShown` when no event is filtered out or highlighted. */
export interface PageSwimlaneView {
  columnOfActor: ReadonlyMap<number, number>;
  colorOfStream: ReadonlyMap<number, number>;
  everyShown: boolean;
}

/**
 * Records the page's view for the next reopen (forgotten when filtered) and answers the layout made at
 * start when it is of `events` with this view; undefined otherwise. Asked once per list.
 */
export function takeLayoutAtStart(
  events: readonly object[],
  page: PageSwimlaneView,
): Promise<SwimlaneLayout | undefined> | undefined {
  const view: SwimlaneView = { columnOfActor: [...page.columnOfActor], colorOfStream: [...page.colorOfStream] };
  const incidentID = lazyEventSource(events)?.incidentID;
  if (incidentID !== undefined) storeSwimlaneView(incidentID, page.everyShown ? view : undefined);
  const columns = eventListColumns(events);
  const held = columns ? atStart.get(columns) : undefined;
  if (!columns || !held) return undefined;
  atStart.delete(columns);
  return page.everyShown && held.viewKey === swimlaneViewKey(view) ? held.laidOut : undefined;
}
