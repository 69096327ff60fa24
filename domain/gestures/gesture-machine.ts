/*
 * Touch gestures as a small state machine with no DOM: pointer down/move/up/cancel in, pan, zoom,
 * tap and long-press out. Pictures feed it Pointer Events and act on what it says; tests feed it
 * numbers (tldraw's headless style), so the rules are checked without a browser.
 */

export interface GesturePointer {
  pointerID: number;
  xPx: number;
  yPx: number;
  timeMs: number;
}

export type Gesture =
  /** Moved since the last pan by (dx, dy); the picture moves its content with the finger. */
  | { kind: 'pan'; dxPx: number; dyPx: number }
  /** Fingers spread by `factor` since the last zoom (above 1: apart, zoom in) about (x, y). */
  | { kind: 'zoom'; factor: number; xPx: number; yPx: number }
  | { kind: 'tap'; xPx: number; yPx: number }
  | { kind: 'long-press'; xPx: number; yPx: number };

type GestureState = 'idle' | 'pressing' | 'panning' | 'pinching' | 'held';

/** A finger rests a little; moves under this are still a tap (about a finger's wobble). */
export const TAP_SLOP_PX = 10;
/** The usual long-press time (Android's default is 500 ms, iOS's about the same). */
export const LONG_PRESS_MS = 500;

interface Point {
  xPx: number;
  yPx: number;
}

export class GestureMachine {
  state: GestureState = 'idle';
  private readonly pointers = new Map<number, Point>();
  private start: (Point & { timeMs: number }) | undefined;
  private last: Point | undefined;
  private lastDistancePx = 0;

  pointerDown(pointer: GesturePointer): Gesture[] {
    this.pointers.set(pointer.pointerID, { xPx: pointer.xPx, yPx: pointer.yPx });
    if (this.pointers.size === 1) {
      this.state = 'pressing';
      this.start = { xPx: pointer.xPx, yPx: pointer.yPx, timeMs: pointer.timeMs };
      this.last = { xPx: pointer.xPx, yPx: pointer.yPx };
      return [];
    }
    if (this.pointers.size === 2) this.beginPinch();
    return [];
  }

  pointerMove(pointer: GesturePointer): Gesture[] {
    if (!this.pointers.has(pointer.pointerID)) return [];
    this.pointers.set(pointer.pointerID, { xPx: pointer.xPx, yPx: pointer.yPx });
    if (this.state === 'pinching') return this.pinchMove();
    if (this.state === 'pressing' && this.start) {
      if (Math.hypot(pointer.xPx - this.start.xPx, pointer.yPx - this.start.yPx) <= TAP_SLOP_PX) return [];
      this.state = 'panning';
    }
    if (this.state !== 'panning' || !this.last) return [];
    const pan: Gesture = { kind: 'pan', dxPx: pointer.xPx - this.last.xPx, dyPx: pointer.yPx - this.last.yPx };
    this.last = { xPx: pointer.xPx, yPx: pointer.yPx };
    return [pan];
  }

  pointerUp(pointer: GesturePointer): Gesture[] {
    if (!this.pointers.delete(pointer.pointerID)) return [];
    const out: Gesture[] = [];
    if (this.state === 'pressing' && this.pointers.size === 0 && this.start)
      out.push({ kind: 'tap', xPx: this.start.xPx, yPx: this.start.yPx });
    this.afterLift();
    return out;
  }

  /** The browser took the pointer (a scroll, a system gesture): nothing it began may finish. */
  pointerCancel(pointer: GesturePointer): Gesture[] {
    if (!this.pointers.delete(pointer.pointerID)) return [];
    if (this.state === 'pressing') this.state = 'held';
    this.afterLift();
    return [];
  }

  /**
   * Called by the picture's timer LONG_PRESS_MS after a press began (the machine keeps no clock):
   * a finger still resting where it landed becomes a long-press.
   */
  timerFired(timeMs: number): Gesture[] {
    if (this.state !== 'pressing' || !this.start || timeMs - this.start.timeMs < LONG_PRESS_MS) return [];
    this.state = 'held';
    return [{ kind: 'long-press', xPx: this.start.xPx, yPx: this.start.yPx }];
  }

  private beginPinch(): void {
    const [a, b] = [...this.pointers.values()];
    if (!a || !b) return;
    this.state = 'pinching';
    this.lastDistancePx = Math.max(1, Math.hypot(a.xPx - b.xPx, a.yPx - b.yPx));
    this.last = { xPx: (a.xPx + b.xPx) / 2, yPx: (a.yPx + b.yPx) / 2 };
  }

  private pinchMove(): Gesture[] {
    const [a, b] = [...this.pointers.values()];
    if (!a || !b || !this.last) return [];
    const distancePx = Math.max(1, Math.hypot(a.xPx - b.xPx, a.yPx - b.yPx));
    const center = { xPx: (a.xPx + b.xPx) / 2, yPx: (a.yPx + b.yPx) / 2 };
    const out: Gesture[] = [];
    if (center.xPx !== this.last.xPx || center.yPx !== this.last.yPx)
      out.push({ kind: 'pan', dxPx: center.xPx - this.last.xPx, dyPx: center.yPx - this.last.yPx });
    if (distancePx !== this.lastDistancePx)
      out.push({ kind: 'zoom', factor: distancePx / this.lastDistancePx, xPx: center.xPx, yPx: center.yPx });
    this.lastDistancePx = distancePx;
    this.last = center;
    return out;
  }

  /** After a finger lifts: a pinch left with one finger pans on with it; none left, back to idle. */
  private afterLift(): void {
    if (this.pointers.size === 0) {
      this.state = 'idle';
      this.start = undefined;
      this.last = undefined;
      return;
    }
    if (this.pointers.size === 1) {
      const [rest] = [...this.pointers.values()];
      if (this.state === 'pinching' && rest) {
        this.state = 'panning';
        this.last = { ...rest };
      }
      return;
    }
    this.beginPinch();
  }
}
