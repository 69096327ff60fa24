/*
 * A reopened swimlane's last settled frame painted as the app starts (start-copy-read.ts), before React has
 * mounted the incident page: a fixed element where the canvas was, only when every raw input the frame was
 * drawn from is the same now (swimlane-frame-early-key.ts). Inert: it answers no pointer, wheel or key, and
 * says it is loading. The page's picture (features/swimlane/swimlane-last-frame.tsx) takes over from it, or
 * removes it, once it has measured its place; the live frame, a resize or a navigation removes it too
 * (swimlane-frame-restore.ts). Plain DOM: this runs before React's modules are in.
 */
import { earlyFrameInputs, earlyInputThatDiffers } from '../data/mirror/swimlane-frame-early-key.ts';
import {
  earlySwimlanePictureShown,
  earlySwimlanePictureTooLate,
  endEarlySwimlanePicture,
  markRestoredSwimlaneFrameShown,
  restoredSwimlaneFrame,
  subscribeRestoredSwimlaneFrame,
  type RestoredSwimlaneFrame,
} from '../data/mirror/swimlane-frame-restore.ts';

const MARK = 'churchkey: swimlane early picture';

/** The address the picture was painted for, while it is on screen. */
let paintedPath: string | undefined;

/** The router goes to `pathname`: a picture painted for another address goes. */
export function swimlaneEarlyPictureNavigates(pathname: string): void {
  if (paintedPath !== undefined && pathname !== paintedPath) endEarlySwimlanePicture('navigation');
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

function paint(frame: RestoredSwimlaneFrame): boolean {
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
  const picture = pictureOf(frame, early.leftPx, early.topPx);
  paintedPath = window.location.pathname;
  const onResize = () => endEarlySwimlanePicture('resize');
  const onAddress = () => swimlaneEarlyPictureNavigates(window.location.pathname);
  window.addEventListener('resize', onResize);
  window.addEventListener('popstate', onAddress);
  earlySwimlanePictureShown(() => {
    picture.remove();
    paintedPath = undefined;
    window.removeEventListener('resize', onResize);
    window.removeEventListener('popstate', onAddress);
  });
  document.body.append(picture);
  performance.mark(MARK, { detail: { outcome: 'painted' } });
  markRestoredSwimlaneFrameShown(frame);
  return true;
}

/** Paints the kept frame as soon as it is read and decoded, if the page has no place for it yet. */
export function paintSwimlaneFrameEarly(): void {
  const unsubscribe = subscribeRestoredSwimlaneFrame(() => {
    const frame = restoredSwimlaneFrame();
    const late = earlySwimlanePictureTooLate();
    if (late !== undefined) {
      performance.mark(MARK, { detail: { outcome: 'late', part: late } });
      return unsubscribe();
    }
    if (frame && paint(frame)) unsubscribe();
  });
}
