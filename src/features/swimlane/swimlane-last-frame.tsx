/*
 * A reopen's swimlane shows its last settled frame (kept by use-keep-last-frame.ts) in place at once,
 * while the events are read and the live frame is laid out; the live frame replaces it the moment it
 * is drawn. Only a frame whose key (swimlane-frame-key.ts) matches everything known now is shown: any
 * other address, filter, events, size or theme shows the loading state as before. The picture is never
 * the live frame: it answers no pointer (the pointer waits) and says it is loading.
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  stableJson,
  swimlaneFrameKey,
  takeSwimlaneFrameRead,
  type SwimlaneFrameRead,
  type SwimlaneFrameRecord,
} from '../../data/mirror/index.ts';
import { currentScheme } from '../../render/theme-colors.ts';

/** The frame shown while the events are read, handed to the live canvas until its first frame. */
interface HeldFrame {
  incidentID: number;
  view: string;
  record: SwimlaneFrameRecord;
  url: string;
}

let held: HeldFrame | undefined;
/** Frames whose picture was marked on screen (the placeholder's and the live canvas's are one picture). */
const marked = new WeakSet<HeldFrame>();

/** The frame shown for the incident with this view, if one is; the live canvas keeps it until its frame. */
export function heldLastFrame(incidentID: number, view: unknown): HeldFrame | undefined {
  return held?.incidentID === incidentID && held.view === stableJson(view) ? held : undefined;
}

/** The live frame is drawn (or the picture left): the kept picture goes. */
export function releaseLastFrame(frame: HeldFrame | undefined): void {
  if (!frame || held !== frame) return;
  URL.revokeObjectURL(frame.url);
  held = undefined;
}

/** The key the frame would have now, in this section (its width), window and theme. */
export function currentFrameKey(incidentID: number, view: unknown, revision: string | undefined, widthPx: number) {
  return swimlaneFrameKey({
    incidentID,
    revision,
    view,
    widthPx,
    heightPx: globalThis.innerHeight,
    devicePixelRatio: globalThis.devicePixelRatio || 1,
    scheme: currentScheme(),
  });
}

/**
 * The kept frame of `read` when its key is the one the swimlane would have now in a section `widthPx`
 * wide, held (with its picture's URL) for whoever shows it next; undefined when it does not match.
 */
export function holdMatchingFrame(
  read: SwimlaneFrameRead | undefined,
  incidentID: number,
  view: unknown,
  widthPx: number,
): HeldFrame | undefined {
  const record = read?.record;
  if (!record || record.key !== currentFrameKey(incidentID, view, read?.revision?.revision, widthPx)) return undefined;
  const viewText = stableJson(view);
  if (held?.record === record && held.view === viewText) return held;
  releaseLastFrame(held);
  held = { incidentID, view: viewText, record, url: URL.createObjectURL(record.png) };
  return held;
}

/** The kept picture with its labels, filling its (positioned) parent. */
export function LastFramePicture({ frame }: { frame: HeldFrame }) {
  return (
    <div className="pointer-events-none absolute inset-0 z-10 overflow-hidden" data-swimlane-last-frame-picture="">
      <img
        src={frame.url}
        alt=""
        draggable={false}
        className="block h-full w-full"
        onLoad={(event) => {
          const image = event.currentTarget;
          // Seen by bench/reopen-ab-bench.ts: the picture on screen, not the live frame (its own mark); not
          // marked when the live frame came first and took it away.
          void image
            .decode()
            .catch(() => undefined)
            .then(() => {
              if (!image.isConnected || marked.has(frame)) return;
              marked.add(frame);
              performance.mark('churchkey: swimlane shows its last frame', { detail: { events: frame.record.events } });
            });
        }}
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
  const [read, setRead] = useState<SwimlaneFrameRead | undefined>(undefined);
  useEffect(() => {
    let alive = true;
    void takeSwimlaneFrameRead(incidentID).then((answer) => alive && setRead(answer));
    return () => {
      alive = false;
    };
  }, [incidentID]);
  const hostRef = useRef<HTMLDivElement>(null);
  const [widthPx, setWidthPx] = useState<number | undefined>(undefined);
  // Measured before the browser paints: a picture of another width is never shown, not even once.
  useLayoutEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const observer = new ResizeObserver(() => setWidthPx(host.clientWidth));
    observer.observe(host);
    setWidthPx(host.clientWidth);
    return () => observer.disconnect();
  }, []);
  const viewText = stableJson(view);
  // Held for the live canvas too (heldLastFrame), which lets it go after its first frame.
  const shown = useMemo(
    () => (widthPx === undefined ? undefined : holdMatchingFrame(read, incidentID, JSON.parse(viewText), widthPx)),
    [read, incidentID, viewText, widthPx],
  );
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
          <p role="status" className="absolute right-1 top-0 text-xs text-muted">
            Loading…
          </p>
        </section>
      ) : (
        fallback
      )}
    </div>
  );
}
