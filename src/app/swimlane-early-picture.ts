/*
 * A reopened swimlane's last settled frame painted as the page starts, by the tiny classic script in
 * index.html's head (early-picture-start.ts), before the app's modules are even in: a fixed element where the canvas was, only when every raw input the frame was
 * drawn from is the same now (swimlane-frame-early-key.ts). Inert: it answers no pointer, wheel or key, and
 * says it is loading. The page's picture (features/swimlane/swimlane-last-frame.tsx) takes over from it, or
 * removes it, once it has measured its place; the live frame, a resize or a navigation removes it too
 * (swimlane-frame-restore.ts). Plain DOM, and shown only in the colour scheme it was drawn in, as applied
 * (the CSS's light until the shell sets data-theme): a dark frame waits for the shell's dark.
 */
import { earlyFrameInputs, earlyInputThatDiffers } from '../data/mirror/swimlane-frame-early-key.ts';
import {
  claimEarlySwimlanePainter,
  earlySwimlanePictureShown,
  earlySwimlanePictureTooLate,
  endEarlySwimlanePicture,
  markRestoredSwimlaneFrameShown,
  restoredSwimlaneFrame,
  subscribeRestoredSwimlaneFrame,
  swimlaneEarlyPictureNavigates,
  type RestoredSwimlaneFrame,
} from '../data/mirror/swimlane-frame-restore.ts';

const MARK = 'churchkey: swimlane early picture';

/** The scheme the page shows now: the shell's data-theme, the CSS's light before it is set. */
const appliedScheme = (): string => document.documentElement.dataset['theme'] ?? 'light';

/** The scheme the frame was drawn in: the last part of its key (swimlane-frame-key.ts). */
function drawnScheme(frame: RestoredSwimlaneFrame): unknown {
  try {
    const parts: unknown = JSON.parse(frame.record.key);
    return Array.isArray(parts) ? parts[parts.length - 1] : undefined;
  } catch {
    return undefined;
  }
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string): HTMLElementTagNameMap[K] {
  const made = document.createElement(tag);
  made.className = className;
  return made;
}

/** The same DOM as the page's picture (LastFramePicture in its application box), fixed in the window. */
function pictureOf(frame: RestoredSwimlaneFrame, leftPx: number, topPx: number): HTMLElement {
  const { record, bitmap } = frame;
  const box = element('div', 'cursor-progress overflow-hidden rounded-md border border-line bg-panel');
  box.dataset['swimlaneEarlyFrame'] = '';
  box.setAttribute('role', 'application');
  box.setAttribute('aria-label', record.ariaLabel);
  box.setAttribute('aria-roledescription', 'swimlane');
  box.setAttribute('aria-busy', 'true');
  Object.assign(box.style, {
    position: 'fixed',
    zIndex: '40',
    left: `${leftPx}px`,
    top: `${topPx}px`,
    width: `${record.widthPx}px`,
    height: `${record.heightPx}px`,
  });
  const picture = element('div', 'pointer-events-none absolute inset-0 z-10 overflow-hidden');
  picture.dataset['swimlaneLastFramePicture'] = '';
  const canvas = element('canvas', 'block h-full w-full bg-panel');
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0);
  picture.append(canvas);
  for (const label of record.labels) {
    const text = element('div', label.className);
    // The analyst's words, as text.
    text.textContent = label.text;
    text.style.transform = label.transform;
    if (label.color) text.style.color = label.color;
    if (label.maxWidth) text.style.maxWidth = label.maxWidth;
    picture.append(text);
  }
  const status = element('p', 'absolute right-1 top-0 rounded bg-panel px-1 text-xs text-muted');
  status.setAttribute('role', 'status');
  status.textContent = 'Loading…';
  picture.append(status);
  box.append(picture);
  // It is a picture, not the swimlane: the pointer and the wheel do nothing over it (and scroll nothing under it).
  const swallow = (event: Event) => {
    event.preventDefault();
    event.stopPropagation();
  };
  for (const name of ['pointerdown', 'click', 'dblclick', 'contextmenu'] as const) box.addEventListener(name, swallow);
  box.addEventListener('wheel', swallow, { passive: false });
  return box;
}

/** Calls back whenever the shell sets data-theme; returns the unsubscribe. */
function followScheme(changed: () => void): () => void {
  const observer = new MutationObserver(changed);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  return () => observer.disconnect();
}

/** 'wait': not in the scheme it was drawn in yet; true: painted or never to be (nothing more to do). */
function paint(frame: RestoredSwimlaneFrame): boolean | 'wait' {
  const early = frame.record.early;
  if (!early) {
    performance.mark(MARK, { detail: { outcome: 'not kept for an early paint' } });
    return true;
  }
  const differs = earlyInputThatDiffers(early.inputs, earlyFrameInputs(frame.incidentID, frame.revision.revision));
  if (differs !== undefined) {
    performance.mark(MARK, { detail: { outcome: 'differs', part: differs } });
    return true;
  }
  const scheme = drawnScheme(frame);
  if (scheme !== appliedScheme()) {
    // Before the shell decides, the page is light: a frame drawn dark waits for it (the inputs say it will).
    if (document.documentElement.dataset['theme'] === undefined) return 'wait';
    performance.mark(MARK, { detail: { outcome: 'differs', part: 'scheme' } });
    return true;
  }
  const picture = pictureOf(frame, early.leftPx, early.topPx);
  const onResize = () => endEarlySwimlanePicture('resize');
  const onAddress = () => swimlaneEarlyPictureNavigates(window.location.pathname);
  // The shell's colour mode, once applied, is not the one it was drawn in: it goes.
  const unfollow = followScheme(() => {
    if (appliedScheme() !== scheme) endEarlySwimlanePicture('differs: scheme');
  });
  window.addEventListener('resize', onResize);
  window.addEventListener('popstate', onAddress);
  earlySwimlanePictureShown(() => {
    picture.remove();
    unfollow();
    window.removeEventListener('resize', onResize);
    window.removeEventListener('popstate', onAddress);
  }, window.location.pathname);
  // The head's script may run before <body> is parsed: the window's root holds it then.
  (document.body ?? document.documentElement).append(picture);
  // The scheme the page showed it in: the reopen spec checks it is the one it was drawn in.
  performance.mark(MARK, { detail: { outcome: 'painted', scheme: appliedScheme() } });
  markRestoredSwimlaneFrameShown(frame);
  return true;
}

/**
 * Paints the kept frame as soon as it is read and decoded (and its scheme applied), if the page has no
 * place for it yet. Once a page: a second call (the app's start after the head's script) does nothing.
 */
export function paintSwimlaneFrameEarly(): void {
  if (!claimEarlySwimlanePainter()) return;
  let unfollow: (() => void) | undefined;
  // Called back only later (the read answers asynchronously), once `unsubscribe` is set.
  const unsubscribe = subscribeRestoredSwimlaneFrame(attempt);
  function stop(): void {
    unsubscribe();
    unfollow?.();
    unfollow = undefined;
  }
  function attempt(): void {
    const frame = restoredSwimlaneFrame();
    const late = earlySwimlanePictureTooLate();
    if (late !== undefined) {
      performance.mark(MARK, { detail: { outcome: 'late', part: late } });
      return stop();
    }
    if (!frame) return;
    if (paint(frame) === 'wait') unfollow ??= followScheme(attempt);
    else stop();
  }
}
