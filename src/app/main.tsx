// First: its evaluation starts a reopen's fast-copy read before the other modules' (issue 20).
import './start-copy-read.ts';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { startEventsReadAtStart } from '../data/mirror/early-events-read.ts';
import { swimlaneEarlyPictureNavigates } from '../data/mirror/swimlane-frame-restore.ts';
import { holdUntilFirstFrame } from '../data/mirror/first-frame-hold.ts';
import { registerServiceWorker } from '../data/service-worker.ts';
import { prepareSwimlaneLayoutClient } from '../render/swimlane/swimlane-layout-client.ts';
import { restoreSettings } from '../features/settings/settings-store.ts';
import { router } from './router.ts';
import '../styles.css';

// Started before the first render; the shell shows "Loading …" until it is done (at most 5000 ms).
void restoreSettings();
registerServiceWorker();
// A reopened incident's events come out of IndexedDB while the app's code loads (issue 20).
startEventsReadAtStart(window.location.pathname);
// And on a swimlane's address its layout worker starts loading meanwhile. (Its Pixi renderer made here too
// was measured and left out, twice: on two cores it only moved the shaders' compile ahead of the page's
// mount, and the page then held its events later; bench/RESULTS.md, s14.)
if (/^\/incident\/\d+\/(?:swimlane|(?:[^/]+\/)?type\/swimlane)(?:\/|$)/.test(window.location.pathname)) {
  prepareSwimlaneLayoutClient();
  holdUntilFirstFrame();
}

// The address's route code, every chunk at once beside that read: the router would load them one after
// another, and only once the signed-in user is known (a waterfall of about 100 ms on a reopen).
for (const route of router.getMatchedRoutes(window.location.pathname)[0]) {
  router.loadRouteChunk(route)?.catch(() => undefined);
}

// A swimlane's picture painted before React (early-picture-start.ts) goes when the app goes elsewhere.
router.subscribe('onBeforeNavigate', ({ toLocation }) => swimlaneEarlyPictureNavigates(toLocation.pathname));

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
