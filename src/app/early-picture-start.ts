/*
 * The whole of the tiny classic script index.html's head loads before the app (vite.config.ts builds it
 * apart, a few kB, no React, no Dexie). On a swimlane's address it reads the incident's kept frame with
 * IndexedDB itself and paints it (swimlane-early-picture.ts), then starts the app's entry, whose modules
 * the page has been fetching meanwhile (modulepreload): the app's evaluation (a few hundred ms of main
 * thread at load) would otherwise hold the read's few IndexedDB steps behind it (bench/RESULTS.md, s22).
 * The app waits at most APP_WAIT_MS for it; anywhere else it starts at once. The app's copy of
 * swimlane-frame-restore.ts takes the same frame over (the two share their state on the window).
 */
import { startSwimlaneFrameRead } from '../data/mirror/swimlane-frame-restore.ts';
import { nextFrame } from '../render/frame-scheduler.ts';
import { paintSwimlaneFrameEarly } from './swimlane-early-picture.ts';

/** The longest the app's start waits for the picture (its read, decode and first paint). */
const APP_WAIT_MS = 250;

// The app's entry, named by the build on this script's element.
const entry = document.currentScript?.dataset['app'];
let started = false;
function startApp(why: string): void {
  if (started || entry === undefined) return;
  started = true;
  const start = () => {
    performance.mark('churchkey: app started', { detail: { why } });
    // The entry's chunks are already modulepreloaded by the HTML; a failed load is the browser's to report.
    void import(/* @vite-ignore */ entry);
  };
  // As a module script of the page did: never before the document is parsed (main.tsx wants #root).
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
  else start();
}

// The swimlane's addresses, as main.tsx names them.
const swimlane = /^\/incident\/(\d+)\/(?:swimlane|(?:[^/]+\/)?type\/swimlane)(?:\/|$)/.exec(window.location.pathname);
if (!swimlane) startApp('not a swimlane');
else {
  performance.mark('churchkey: swimlane early script');
  const painted = () => document.querySelector('[data-swimlane-early-frame]') !== null;
  // A picture in the DOM waits for its frame instead (the app's evaluation would come before its paint).
  setTimeout(() => painted() || startApp('waited long enough'), APP_WAIT_MS);
  try {
    const read = startSwimlaneFrameRead(Number(swimlane[1]));
    paintSwimlaneFrameEarly();
    // After the frame that shows the picture (or at once when none was painted). A page that draws no
    // frame (a hidden tab) starts anyway.
    read.then(
      () => {
        if (!painted()) return startApp('no picture');
        void nextFrame().then(() => setTimeout(() => startApp('picture painted')));
        setTimeout(() => startApp('picture painted, no frame'), APP_WAIT_MS);
      },
      () => startApp('no picture'),
    );
  } catch {
    startApp('no picture');
  }
}
