/*
 * Imported first by main.tsx: on an incident's address, the fast copy's read of its event numbers starts
 * in a worker as this module is evaluated, before React, the router and the mirror's modules are (the page
 * takes its answer later, early-events-read.ts). It imports nothing that pulls in Dexie or React. The build
 * also makes it a chunk of its own, named in index.html before the app's entry (vite.config.ts), so it runs
 * before the entry's other chunks are in. On a swimlane's address the same worker then lays the swimlane
 * out with the view last laid out on this device (swimlane-view-store.ts), its renderer is made ahead and
 * its last settled frame read (swimlane-frame-store.ts) and painted (swimlane-early-picture.ts).
 */
import { startEventNumbersCopyRead } from '../data/mirror/event-numbers-copy-start.ts';
import { startSwimlaneFrameRead } from '../data/mirror/swimlane-frame-restore.ts';
import { paintSwimlaneFrameEarly } from './swimlane-early-picture.ts';

const incident = /^\/incident\/(\d+)(?:\/|$)/.exec(window.location.pathname);
// The swimlane's addresses, as main.tsx names them.
const swimlane = /^\/incident\/\d+\/(?:swimlane|(?:[^/]+\/)?type\/swimlane)(?:\/|$)/.test(window.location.pathname);
if (incident) startEventNumbersCopyRead(Number(incident[1]), swimlane);
// The swimlane's last settled frame (a small IndexedDB get, decoded off the main thread), shown in place
// while the live one is made: painted as soon as it is decoded when nothing it was drawn from has changed,
// before React has mounted the page (swimlane-early-picture.ts), then handed over to the page.
if (incident && swimlane) {
  startSwimlaneFrameRead(Number(incident[1]));
  paintSwimlaneFrameEarly();
}
// The swimlane's renderer too (its WebGL context and shaders), made while the events are read.
if (incident && swimlane)
  void import('../render/swimlane/swimlane-renderer.ts').then(({ prewarmSwimlaneRenderer }) =>
    prewarmSwimlaneRenderer(),
  );
