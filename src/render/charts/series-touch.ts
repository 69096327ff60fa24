/*
 * Touch on a uPlot series, with no React: a drag pans its time range, a pinch zooms it about the
 * fingers, a tap picks an instant, a long-press holds the cursor there (the series' hover). uPlot
 * listens to mouse events only, so a touch's compatibility mouse events are cancelled here and
 * never start its brush. Vertical drags stay the page's (touch-action: pan-y) so it still scrolls.
 */
import {
  GestureMachine,
  LONG_PRESS_MS,
  type Gesture,
  type GesturePointer,
} from '../../../domain/gestures/gesture-machine.ts';
import { instantAt, panRange, zoomRange, type TimeRange } from '../../../domain/gestures/gesture-range.ts';

interface SeriesTouchTarget {
  /** The plot area (uPlot's `over`): gestures are read in its pixels. */
  readonly element: HTMLElement;
  range(): TimeRange;
  bounds(): TimeRange | undefined;
  /** The range moved under the fingers: draw it now. */
  onRange(range: TimeRange): void;
  /** The fingers lifted after a pan or a pinch: the range they left. */
  onRangeSettled(range: TimeRange): void;
  onTap(micros: number): void;
  onHold(micros: number): void;
}

export function attachSeriesTouch(target: SeriesTouchTarget): () => void {
  const { element } = target;
  const machine = new GestureMachine();
  let timer = 0;
  let moved = false;
  element.style.touchAction = 'pan-y';
  const widthPx = () => Math.max(1, element.clientWidth);
  const pointer = (event: PointerEvent): GesturePointer => ({
    pointerID: event.pointerId,
    xPx: event.clientX,
    yPx: event.clientY,
    timeMs: event.timeStamp,
  });
  const localX = (xPx: number) => xPx - element.getBoundingClientRect().left;

  const act = (gestures: Gesture[]) => {
    for (const gesture of gestures) {
      if (gesture.kind === 'pan') {
        if (gesture.dxPx === 0) continue;
        moved = true;
        target.onRange(panRange(target.range(), gesture.dxPx, widthPx(), target.bounds()));
      } else if (gesture.kind === 'zoom') {
        moved = true;
        target.onRange(zoomRange(target.range(), gesture.factor, localX(gesture.xPx), widthPx(), target.bounds()));
      } else if (gesture.kind === 'tap') target.onTap(instantAt(target.range(), localX(gesture.xPx), widthPx()));
      else target.onHold(instantAt(target.range(), localX(gesture.xPx), widthPx()));
    }
  };
  const settle = () => {
    if (machine.state !== 'idle') return;
    window.clearTimeout(timer);
    if (moved) target.onRangeSettled(target.range());
    moved = false;
  };
  const isTouch = (event: PointerEvent) => event.pointerType === 'touch' || event.pointerType === 'pen';

  const down = (event: PointerEvent) => {
    if (!isTouch(event)) return;
    // NOTE: cancelling the pointerdown suppresses the mouse events a browser makes of a touch, so uPlot never sees them.
    event.preventDefault();
    event.stopPropagation();
    element.setPointerCapture(event.pointerId);
    act(machine.pointerDown(pointer(event)));
    window.clearTimeout(timer);
    if (machine.state === 'pressing') {
      const startedMs = event.timeStamp;
      timer = window.setTimeout(() => act(machine.timerFired(startedMs + LONG_PRESS_MS)), LONG_PRESS_MS);
    }
  };
  const move = (event: PointerEvent) => {
    if (!isTouch(event)) return;
    event.stopPropagation();
    act(machine.pointerMove(pointer(event)));
  };
  const up = (event: PointerEvent) => {
    if (!isTouch(event)) return;
    act(machine.pointerUp(pointer(event)));
    settle();
  };
  const cancel = (event: PointerEvent) => {
    if (!isTouch(event)) return;
    act(machine.pointerCancel(pointer(event)));
    settle();
  };
  element.addEventListener('pointerdown', down);
  element.addEventListener('pointermove', move);
  element.addEventListener('pointerup', up);
  element.addEventListener('pointercancel', cancel);
  return () => {
    window.clearTimeout(timer);
    element.removeEventListener('pointerdown', down);
    element.removeEventListener('pointermove', move);
    element.removeEventListener('pointerup', up);
    element.removeEventListener('pointercancel', cancel);
  };
}
