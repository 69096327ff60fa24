/*
 * The demo incident's event counts as the incident page shows them ("shown events"), derived from
 * its script (server/demo/database-failover-demo.ts) so a spec names what it counts and a change of
 * the demo moves the expectation with it. Markers are context: every filter but "Show markers" keeps them.
 */
import { databaseFailoverDemo as demo } from '../../server/demo/database-failover-demo.ts';
import { demoMicros } from '../../server/demo/demo-incident.ts';
import { droneLandingDemo } from '../../server/demo/drone-landing-demo.ts';

type DemoEvent = (typeof demo.events)[number];

const MARKERS = demo.markers.length;
const shownWhere = (keep: (event: DemoEvent) => boolean): number => demo.events.filter(keep).length + MARKERS;
const hasTag = (tag: string) => (event: DemoEvent) => event.tags?.includes(tag) ?? false;

/** Every event and marker: 49. */
export const DEMO_SHOWN = shownWhere(() => true);

/** Events tagged `tag`, and the markers ("require"): root-cause gives 6. */
export const demoShownWithTag = (tag: string): number => shownWhere(hasTag(tag));

/** All but the events tagged `tag` ("ignore"): root-cause gives 47. */
export const demoShownWithoutTag = (tag: string): number => shownWhere((event) => !hasTag(tag)(event));

/** Events tagged `tag` (what "highlight" marks). */
export const demoTagged = (tag: string): number => demo.events.filter(hasTag(tag)).length;

/** The events of a collection, and the markers: Decision points gives 10. */
export function demoShownInCollection(name: string): number {
  const keys = demo.collections.find((collection) => collection.name === name)?.events ?? [];
  return shownWhere((event) => event.key !== undefined && keys.includes(event.key));
}

/** Events with a note of `kind`, and the markers: interview gives 5. */
export function demoShownWithNoteKind(kind: string): number {
  const keys = demo.notes.filter((note) => note.kind === kind).map((note) => note.event);
  return shownWhere((event) => event.key !== undefined && keys.includes(event.key));
}

/** With the streams named hidden: Status page updates gives 45. */
export function demoShownWithoutStreams(...names: string[]): number {
  const keys = demo.streams.filter((stream) => names.includes(stream.name)).map((stream) => stream.key);
  return shownWhere((event) => !keys.includes(event.stream));
}

/** As demoShownWithoutStreams, with "Show markers" off too: 41. */
export const demoShownWithoutStreamsAndMarkers = (...names: string[]): number =>
  demoShownWithoutStreams(...names) - MARKERS;

/** Ignoring `tag` with the actor hidden: root-cause and Marcus Chen give 36. */
export const demoShownWithoutTagAndActor = (tag: string, actor: string): number =>
  shownWhere((event) => !hasTag(tag)(event) && event.actor !== actor);

/** Events starting in a time interval given as UTC times of day on the incident's date (no markers fall in 14:10-14:15): 7. */
export function demoShownStartingBetween(fromTimeOfDay: string, toTimeOfDay: string): number {
  const from = demoMicros(demo.date, fromTimeOfDay);
  const to = demoMicros(demo.date, toTimeOfDay);
  const within = (timeOfDay: string) =>
    demoMicros(demo.date, timeOfDay) >= from && demoMicros(demo.date, timeOfDay) < to;
  return (
    demo.events.filter((event) => within(event.at)).length + demo.markers.filter((marker) => within(marker.at)).length
  );
}

/** Every event and marker of the drone demo incident (the one with a map): 36. */
export const DRONE_DEMO_SHOWN = droneLandingDemo.events.length + droneLandingDemo.markers.length;
