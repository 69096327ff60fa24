/*
 * Imported first by main.tsx: on an incident's address, the fast copy's read of its event numbers starts
 * in a worker as this module is evaluated, before React, the router and the mirror's modules are (the page
 * takes its answer later, early-events-read.ts). It imports nothing that pulls in Dexie or React. The build
 * also makes it a chunk of its own, named in index.html before the app's entry (vite.config.ts), so it runs
 * before the entry's other chunks are in. On a swimlane's address the same worker then lays the swimlane
 * out with the view last laid out on this device (swimlane-view-store.ts) and its renderer is made ahead.
 * Its last settled frame is read and painted by index.html's head script (early-picture-start.ts); the
 * read is started here too where that script did not run (the dev server), to be shown by the page.
 */
import { startEventNumbersCopyRead } from '../data/mirror/event-numbers-copy-start.ts';
import { startSwimlaneFrameRead } from '../data/mirror/swimlane-frame-restore.ts';

const incident = /^\/incident\/(\d+)(?:\/|$)/.exec(window.location.pathname);
// The swimlane's addresses, as main.tsx names them.
const swimlane = /^\/incident\/\d+\/(?:swimlane|(?:[^/]+\/)?type\/swimlane)(?:\/|$)/.test(window.location.pathname);
if (incident) startEventNumbersCopyRead(Number(incident[1]), swimlane);
// The swimlane's last settled frame, shown in place while the live one is made: already read by the head's
// script (this call then does nothing), else read now for the page's own picture.
if (incident && swimlane) void startSwimlaneFrameRead(Number(incident[1]));
// The swimlane's renderer too (its WebGL context and shaders), made while the events are read.
if (incident && swimlane)
  void import('../render/swimlane/swimlane-renderer.ts').then(({ prewarmSwimlaneRenderer }) =>
    prewarmSwimlaneRenderer(),
  );
