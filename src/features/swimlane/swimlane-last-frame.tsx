/*
 * A reopen's swimlane shows its last settled frame (kept by use-keep-last-frame.ts) in place at once,
 * while the events are read and the live frame is laid out; the live frame replaces it the moment it
 * is drawn. Only a frame whose key (swimlane-frame-key.ts) matches everything known now is shown: any
 * other address, filter, events, size or theme shows the loading state as before. The picture is never
 * the live frame: it answers no pointer (the pointer waits) and says it is loading. The frame itself is
 * read and decoded as the app starts and held outside React (swimlane-frame-restore.ts), so the
 * placeholder and the live canvas show the same picture from their first render.
 */
import {
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
  type RefObject,
} from 'react';
import {
  endEarlySwimlanePicture,
  markRestoredSwimlaneFrameShown,
  restoredSwimlaneFrame,
  stableJson,
  subscribeRestoredSwimlaneFrame,
  swimlaneFramePlaced,
  swimlaneFrameKey,
  type RestoredSwimlaneFrame,
} from '../../data/mirror/index.ts';
import { currentScheme, watchScheme } from '../../render/theme-colors.ts';

const subscribeScheme = (notify: () => void) => watchScheme(() => notify());
/** Whether the shell has applied a colour mode yet (before it, the scheme is not decided). */
const schemeApplied = () => document.documentElement.hasAttribute('data-theme');

/** The key's parts by position (swimlaneFrameKey), named for the trace of a frame not shown. */
const KEY_PARTS = ['incident', 'revision', 'view', 'width', 'height', 'devicePixelRatio', 'scheme'];

function partThatDiffers(kept: string, now: string | undefined): string {
  if (now === undefined) return 'revision';
  const [a, b] = [JSON.parse(kept) as unknown[], JSON.parse(now) as unknown[]];
  const index = KEY_PARTS.findIndex((_, at) => stableJson(a[at]) !== stableJson(b[at]));
  return KEY_PARTS[index] ?? 'key';
}

/** The key the frame would have now, in this section (its width), window and theme. */
export function currentFrameKey(
  incidentID: number,
  view: unknown,
  revision: string | undefined,
  widthPx: number,
  scheme = currentScheme(),
) {
  return swimlaneFrameKey({
    incidentID,
    revision,
    view,
    widthPx,
    heightPx: globalThis.innerHeight,
    devicePixelRatio: globalThis.devicePixelRatio || 1,
    scheme,
  });
}

/**
 * The kept frame to show now: read, not yet replaced by the live frame, and kept under the key the
 * swimlane would have now in the section `widthOf` measures (before the browser paints, so a picture
 * of another width is never shown, not even once). `listRevision`, when the page holds its events,
 * must be the revision the frame was kept at.
 */
export function useRestoredFrame(
  incidentID: number,
  view: unknown,
  widthOf: RefObject<HTMLElement | null>,
  listRevision?: string,
): RestoredSwimlaneFrame | undefined {
  const frame = useSyncExternalStore(subscribeRestoredSwimlaneFrame, restoredSwimlaneFrame);
  const [widthPx, setWidthPx] = useState<number | undefined>(undefined);
  // A place for the frame is mounted: nothing is painted before React from now on (app/swimlane-early-picture.ts).
  useLayoutEffect(() => swimlaneFramePlaced(), []);
  useLayoutEffect(() => {
    const host = widthOf.current;
    if (!host || !frame) return;
    const section = host.closest<HTMLElement>('[data-picture="swimlane"]') ?? host;
    const observer = new ResizeObserver(() => setWidthPx(section.clientWidth));
    observer.observe(section);
    // Measured here, not in the observer's first callback: React renders again before this paint, so the
    // picture is on screen in the first frame the section is (an observer's update waits a task).
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setWidthPx(section.clientWidth);
    return () => observer.disconnect();
  }, [widthOf, frame]);
  const viewText = stableJson(view);
  // Followed, not read once: the analyst's colour mode is applied (data-theme) after the settings load,
  // which may be after the swimlane's first render.
  const scheme = useSyncExternalStore(subscribeScheme, currentScheme);
  const applied = useSyncExternalStore(subscribeScheme, schemeApplied);
  const decision = useMemo((): { shown?: RestoredSwimlaneFrame; differs?: string } => {
    if (!frame || widthPx === undefined) return {};
    if (frame.incidentID !== incidentID) return { differs: 'incident' };
    if (listRevision !== undefined && listRevision !== frame.revision.events) return { differs: 'events' };
    const key = currentFrameKey(incidentID, JSON.parse(viewText), frame.revision.revision, widthPx, scheme);
    return key !== undefined && key === frame.record.key
      ? { shown: frame }
      : { differs: partThatDiffers(frame.record.key, key) };
  }, [frame, incidentID, viewText, widthPx, listRevision, scheme]);
  // Measured and not the kept frame: a picture painted before React goes (the colour mode, once applied).
  useLayoutEffect(() => {
    if (decision.differs === undefined || (decision.differs === 'scheme' && !applied)) return;
    endEarlySwimlanePicture(`differs: ${decision.differs}`);
  }, [decision, applied]);
  return decision.shown;
}

/** The kept picture with its labels, filling its (positioned) parent; drawn before the browser paints. */
export function LastFramePicture({ frame }: { frame: RestoredSwimlaneFrame }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  useLayoutEffect(() => {
    const context = canvasRef.current?.getContext('2d');
    if (!context) return;
    context.drawImage(frame.bitmap, 0, 0);
    // The same picture, now in its place in the page: one painted before React goes in the same task.
    endEarlySwimlanePicture('handed over');
    // Seen by the benches: the picture on screen, not the live frame (which has its own mark).
    markRestoredSwimlaneFrameShown(frame);
  }, [frame]);
  return (
    <div className="pointer-events-none absolute inset-0 z-10 overflow-hidden" data-swimlane-last-frame-picture="">
      <canvas
        ref={canvasRef}
        width={frame.bitmap.width}
        height={frame.bitmap.height}
        className="block h-full w-full bg-panel"
      />
      {frame.record.labels.map((label, index) => (
        <div
          key={index}
          className={label.className}
          style={{ transform: label.transform, color: label.color || undefined, maxWidth: label.maxWidth || undefined }}
        >
          {label.text}
        </div>
      ))}
      <p role="status" className="absolute right-1 top-0 rounded bg-panel px-1 text-xs text-muted">
        Loading…
      </p>
    </div>
  );
}

/**
 * Where the swimlane will be while its events are read: the kept frame where the canvas was, when it
 * matches, else `fallback` (the loading state).
 */
export function SwimlaneLastFrame({
  incidentID,
  view,
  fallback,
}: {
  incidentID: number;
  view: unknown;
  fallback: ReactNode;
}) {
  const hostRef = useRef<HTMLDivElement>(null);
  const shown = useRestoredFrame(incidentID, view, hostRef);
  return (
    <div ref={hostRef} className="flex min-w-0 flex-1 flex-col gap-1.5">
      {shown ? (
        <section
          aria-label="Picture swimlane"
          data-picture="swimlane"
          data-loading="true"
          aria-busy
          className="relative min-w-0"
          style={{ height: shown.record.sectionHeightPx }}
        >
          <div
            role="application"
            aria-label={shown.record.ariaLabel}
            aria-roledescription="swimlane"
            aria-busy
            tabIndex={0}
            data-swimlane-last-frame=""
            className="absolute cursor-progress overflow-hidden rounded-md border border-line bg-panel"
            style={{
              left: shown.record.leftPx,
              top: shown.record.topPx,
              width: shown.record.widthPx,
              height: shown.record.heightPx,
            }}
          >
            <LastFramePicture frame={shown} />
          </div>
        </section>
      ) : (
        fallback
      )}
    </div>
  );
}
