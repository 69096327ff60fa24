/*
 * The mirror's state a list of events was read at (its stamp: events revision and optimistic rows),
 * so a picture kept for the next reopen (use-keep-last-frame.ts) is kept under the revision it shows,
 * never under a newer one the mirror reached while the page still showed the older list.
 */
import type { EventsStamp } from './events-read-plan.ts';
import { listRevisionOf } from './swimlane-frame-key.ts';

const revisions = new WeakMap<object, string>();

/** Notes the stamp `events` was read at; a list read while the mirror syncs has none. */
export function noteListRevision(events: object, stamp: EventsStamp): void {
  if (!stamp.syncing) revisions.set(events, listRevisionOf(stamp.settled, stamp.optimistic));
}

/** Another list of the same events (their messages added): the same revision. */
export function sameListRevision(events: object, from: object): void {
  const revision = revisions.get(from);
  if (revision !== undefined) revisions.set(events, revision);
}

/** What the list was read at (as listRevisionOf), or undefined when not known. */
export const eventsListRevision = (events: object): string | undefined => revisions.get(events);
