/*
 * Pan, zoom and drag of the swimlane's time window as a small state machine (idle → pointing →
 * dragging): pointer, wheel, key and gesture events in, the state and the window out. No DOM, so
 * the interaction is tested headless (`navigation.pointerDown(…)`, then its state and window).
 */
import { centerWindow, clampWindow, panWindow, zoomWindow, type TimeWindow } from './swimlane-window.ts';
import { windowToShow, type EventSpan } from './window-to-show.ts';

type NavigationState = 'idle' | 'pointing' | 'dragging';

/** What a pointer move meant: a drag moved the window, else the pointer hovers a point. */
type PointerMoveOutcome = 'dragged' | 'hover';

/** A wheel turn: deltas as the browser reports them, `zoom` when Ctrl or ⌘ is held. */
interface WheelInput {
  deltaX: number;
  deltaY: number;
  /** 1 when the deltas count lines, not pixels. */
  deltaMode: number;
  zoom: boolean;
  /** The pointer's height in the swimlane, 0 top .. 1 bottom. */
  anchor: number;
}

/** A press moves this far before it is a drag rather than a click. */
export const DRAG_THRESHOLD_PX = 3;
/** Pixels a wheel "line" stands for. */
const LINE_PX = 16;
/** A bin clicked zooms in this much about the point. */
const BIN_ZOOM = 4;
const KEY_ZOOM = 1.5;

export class SwimlaneNavigation {
  private current: NavigationState = 'idle';
  private press: { pointerID: number; startYPx: number; startWindow: TimeWindow } | undefined;
  private shown: TimeWindow;
  private readonly listeners = new Set<(window: TimeWindow) => void>();

  constructor(
    private bounds: TimeWindow,
    private heightPx: number,
  ) {
    this.shown = { fromMicros: bounds.fromMicros, toMicros: bounds.toMicros };
  }

  /** Calls `listener` with every new window (the renderer draws it, the minimap follows). */
  listen(listener: (window: TimeWindow) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get state(): NavigationState {
    return this.current;
  }

  get window(): TimeWindow {
    return this.shown;
  }

  setHeight(heightPx: number): void {
    this.heightPx = Math.max(1, heightPx);
  }

  /** New bounds; `showAll` moves to the whole of them (a new time interval, a re-import). */
  setBounds(bounds: TimeWindow, showAll: boolean): void {
    this.bounds = bounds;
    if (showAll) this.move({ fromMicros: bounds.fromMicros, toMicros: bounds.toMicros });
  }

  /** Shows a window asked for (the secondary window swapped in), kept inside the bounds. */
  show(window: TimeWindow): void {
    this.move(clampWindow(window, this.bounds));
  }

  /** Brings an event into view, readable; the window stays when it already is. */
  focus(event: EventSpan): void {
    const next = windowToShow(this.shown, event, this.heightPx, this.bounds);
    if (next !== this.shown) this.move(next);
  }

  pointerDown(pointerID: number, yPx: number): void {
    this.press = { pointerID, startYPx: yPx, startWindow: this.shown };
    this.current = 'pointing';
  }

  pointerMove(pointerID: number, yPx: number): PointerMoveOutcome {
    const press = this.press;
    if (!press || press.pointerID !== pointerID) return 'hover';
    const dy = yPx - press.startYPx;
    if (this.current === 'pointing' && Math.abs(dy) > DRAG_THRESHOLD_PX) this.current = 'dragging';
    if (this.current !== 'dragging') return 'hover';
    // From the window the press started on, so the time under the pointer stays under it.
    this.move(panWindow(press.startWindow, -dy / this.heightPx, this.bounds));
    return 'dragged';
  }

  /** Ends a press; true when it was a click (released without dragging). */
  pointerUp(pointerID: number): boolean {
    const clicked = this.press?.pointerID === pointerID && this.current === 'pointing';
    this.pointerCancel();
    return clicked;
  }

  /** A lost pointer (the browser took it): back to idle, nothing clicked. */
  pointerCancel(): void {
    this.press = undefined;
    this.current = 'idle';
  }

  /** Pans or zooms the window; a mostly sideways turn returns the pixels to scroll the columns by. */
  wheel(input: WheelInput): { columnScrollPx: number } | undefined {
    const unit = input.deltaMode === 1 ? LINE_PX : 1;
    if (Math.abs(input.deltaX) > Math.abs(input.deltaY)) return { columnScrollPx: input.deltaX * unit };
    const delta = input.deltaY * unit;
    const anchor = Math.max(0, Math.min(1, input.anchor));
    this.move(
      input.zoom
        ? zoomWindow(this.shown, Math.exp(-delta / 300), anchor, this.bounds)
        : panWindow(this.shown, delta / this.heightPx, this.bounds),
    );
    return undefined;
  }

  /** A finger's pan (dy in pixels, down positive). */
  touchPan(dyPx: number): void {
    if (dyPx !== 0) this.move(panWindow(this.shown, -dyPx / this.heightPx, this.bounds));
  }

  /** Zooms by `factor` (above 1 in) about a height in pixels: a pinch, or a bin clicked. */
  zoomAt(factor: number, yPx: number): void {
    this.move(zoomWindow(this.shown, factor, Math.max(0, Math.min(1, yPx / this.heightPx)), this.bounds));
  }

  /** A bin holds too many events to pick one: a click on it zooms into it. */
  zoomIntoBin(yPx: number): void {
    this.zoomAt(BIN_ZOOM, yPx);
  }

  /** A key press; true when the key moved the window (the caller then keeps it from the page). */
  key(key: string): boolean {
    const current = this.shown;
    const bounds = this.bounds;
    const span = current.toMicros - current.fromMicros;
    const steps: Record<string, () => TimeWindow> = {
      ArrowDown: () => panWindow(current, 0.1, bounds),
      ArrowUp: () => panWindow(current, -0.1, bounds),
      PageDown: () => panWindow(current, 0.9, bounds),
      PageUp: () => panWindow(current, -0.9, bounds),
      '+': () => zoomWindow(current, KEY_ZOOM, 0.5, bounds),
      '=': () => zoomWindow(current, KEY_ZOOM, 0.5, bounds),
      '-': () => zoomWindow(current, 1 / KEY_ZOOM, 0.5, bounds),
      '0': () => ({ fromMicros: bounds.fromMicros, toMicros: bounds.toMicros }),
      Home: () => centerWindow(current, bounds.fromMicros + span / 2, bounds),
      End: () => centerWindow(current, bounds.toMicros - span / 2, bounds),
    };
    const step = steps[key];
    if (!step) return false;
    this.move(step());
    return true;
  }

  private move(next: TimeWindow): void {
    this.shown = next;
    for (const listener of this.listeners) listener(next);
  }
}
