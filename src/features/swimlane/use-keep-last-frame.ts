/*
 * Keeps the swimlane's frame for the next reopen (swimlane-last-frame.tsx) once it has settled: drawn,
 * no frame for a second, the window and the columns' scroll where the swimlane opened (a reopen opens
 * there too), no time cursor over it. The pixels are read when the page is next idle, and kept with
 * the key of everything they were drawn from; a frame whose key is the one already kept is not read.
 */
import { useEffect, useRef } from 'react';
import { earlyFrameInputs, putSwimlaneFrame, readMirrorRevision, stableJson } from '../../data/mirror/index.ts';
import { captureSwimlaneFrame } from '../../render/swimlane/swimlane-frame-capture.ts';
import type { SwimlaneRenderer } from '../../render/swimlane/swimlane-renderer.ts';
import type { TimeWindow } from '../../render/swimlane/swimlane-window.ts';
import { currentFrameKey } from './swimlane-last-frame.tsx';

/** What the frame is kept under: the incident and everything of the page it was drawn from. */
export interface LastFrameKeep {
  incidentID: number;
  view: unknown;
  /** The mirror's stamp the events drawn were read at (eventsListRevision): kept only while it is the mirror's. */
  listRevision: string | undefined;
}

/** The key kept last per incident in this page: the same frame is not read and written again. */
const keptKeys = new Map<number, string>();

export function rememberKeptFrame(incidentID: number, key: string): void {
  keptKeys.set(incidentID, key);
}

interface Settled {
  /** The window and the columns' scroll of the first frame; undefined before it. */
  first: { window: TimeWindow; columnScrollPx: number } | undefined;
  cursorOver: () => boolean;
  columnScrollPx: number;
}

const QUIET_CHECK_MS = 500;

export function useKeepLastFrame(
  renderer: SwimlaneRenderer | undefined,
  hostRef: { readonly current: HTMLElement | null },
  keep: LastFrameKeep | undefined,
  settled: () => Settled,
  ariaLabel: string,
  layoutKey: unknown,
): void {
  const latest = useRef({ ariaLabel, settled });
  useEffect(() => {
    latest.current = { ariaLabel, settled };
  });
  useEffect(() => {
    const host = hostRef.current;
    if (!renderer || !host || !keep?.listRevision || !layoutKey) return;
    let alive = true;
    let lastFrames = '';
    let quiet = 0;
    let busy = false;
    const check = () => {
      if (busy) return;
      const frames = host.dataset['frames'] ?? '';
      quiet = frames === lastFrames && host.dataset['swimlaneIdle'] === 'true' ? quiet + 1 : 0;
      lastFrames = frames;
      const state = latest.current.settled();
      const window = renderer.window;
      const opened =
        state.first !== undefined &&
        window.fromMicros === state.first.window.fromMicros &&
        window.toMicros === state.first.window.toMicros &&
        state.columnScrollPx === state.first.columnScrollPx;
      if (quiet < 2 || !opened || state.cursorOver()) return;
      busy = true;
      const done = () => {
        busy = false;
        quiet = 0;
      };
      const keepNow = () => void keepFrame(renderer, host, keep, latest.current.ariaLabel, () => alive).finally(done);
      if (typeof requestIdleCallback === 'function') requestIdleCallback(keepNow, { timeout: 2_000 });
      else setTimeout(keepNow, 0);
    };
    const timer = setInterval(check, QUIET_CHECK_MS);
    return () => {
      alive = false;
      clearInterval(timer);
    };
    // The keep's parts are compared by value: a new object of the same view is the same keep.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [renderer, hostRef, keep?.incidentID, keep && stableJson(keep.view), keep?.listRevision, layoutKey]);
}

async function keepFrame(
  renderer: SwimlaneRenderer,
  host: HTMLElement,
  keep: LastFrameKeep,
  ariaLabel: string,
  alive: () => boolean,
): Promise<void> {
  const section = host.closest<HTMLElement>('[data-picture="swimlane"]');
  if (!section) return;
  const revision = await readMirrorRevision(keep.incidentID);
  // A catch-up the page has not shown yet: the frame on screen is not the mirror's events.
  if (!revision || revision.events !== keep.listRevision) return;
  const key = currentFrameKey(keep.incidentID, keep.view, revision.revision, section.clientWidth);
  if (!alive() || key === undefined || keptKeys.get(keep.incidentID) === key) return;
  const captured = await captureSwimlaneFrame(renderer);
  if (!captured || !alive()) return;
  const sectionBox = section.getBoundingClientRect();
  const box = host.getBoundingClientRect();
  const layout = renderer.scene?.layout;
  // Painted as the app starts only where the page opens unscrolled (the box is then the window's).
  const unscrolled = window.scrollX === 0 && window.scrollY === 0;
  await putSwimlaneFrame({
    incidentID: keep.incidentID,
    key,
    png: captured.png,
    labels: captured.labels,
    ariaLabel,
    events: layout?.startMicros.length ?? 0,
    leftPx: box.left - sectionBox.left,
    topPx: box.top - sectionBox.top,
    widthPx: box.width,
    heightPx: box.height,
    sectionWidthPx: sectionBox.width,
    sectionHeightPx: sectionBox.height,
    early: unscrolled
      ? { inputs: earlyFrameInputs(keep.incidentID, revision.revision), leftPx: box.left, topPx: box.top }
      : undefined,
  });
  keptKeys.set(keep.incidentID, key);
  performance.mark('churchkey: swimlane last frame kept', { detail: { events: layout?.startMicros.length ?? 0 } });
}
