/*
 * Feeds a picture's touch and pen pointers to the gesture machine (domain/gestures) and hands
 * back what they meant. Mouse pointers are left to the picture's own handlers, so a returned
 * handler says whether it took the event. The long-press timer lives here; the machine keeps no clock.
 */
import { useEffect, useRef, type PointerEvent as ReactPointerEvent } from 'react';
import { GestureMachine, LONG_PRESS_MS, type Gesture } from '../../domain/gestures/gesture-machine.ts';

type Handler = (event: ReactPointerEvent<HTMLElement>) => boolean;

export interface TouchGestureHandlers {
  onPointerDown: Handler;
  onPointerMove: Handler;
  onPointerUp: Handler;
  onPointerCancel: Handler;
}

interface TouchGestureOptions {
  /** The last finger lifted after a pan or a pinch (a picture that previews a move commits it then). */
  onSettle?: () => void;
  /**
   * Capture the pointer (default): moves keep coming when the finger leaves the element. A list whose
   * rows take clicks says false, since a captured pointer's click goes to the list, not the row.
   */
  capture?: boolean;
}

/** `onGesture` gets points in the element's own pixels. */
export function useTouchGestures(
  onGesture: (gesture: Gesture) => void,
  options: TouchGestureOptions = {},
): TouchGestureHandlers {
  const { onSettle, capture = true } = options;
  const machine = useRef(new GestureMachine());
  const timer = useRef(0);
  const origin = useRef({ left: 0, top: 0 });
  const latest = useRef(onGesture);
  const latestSettle = useRef(onSettle);
  useEffect(() => {
    latest.current = onGesture;
    latestSettle.current = onSettle;
  });
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const emit = (gestures: Gesture[]) => {
    for (const gesture of gestures) {
      if (gesture.kind === 'pan') latest.current(gesture);
      else
        latest.current({ ...gesture, xPx: gesture.xPx - origin.current.left, yPx: gesture.yPx - origin.current.top });
    }
  };
  const pointer = (event: ReactPointerEvent<HTMLElement>) => ({
    pointerID: event.pointerId,
    xPx: event.clientX,
    yPx: event.clientY,
    timeMs: event.timeStamp,
  });
  const isTouch = (event: ReactPointerEvent<HTMLElement>) =>
    event.pointerType === 'touch' || event.pointerType === 'pen';

  // A finger lifted or cancelled ends the same way: the last one off settles a pan or a pinch.
  const lift = (event: ReactPointerEvent<HTMLElement>, step: 'pointerUp' | 'pointerCancel') => {
    if (!isTouch(event)) return false;
    const wasMoving = machine.current.state === 'panning' || machine.current.state === 'pinching';
    emit(machine.current[step](pointer(event)));
    if (machine.current.state !== 'idle') return true;
    window.clearTimeout(timer.current);
    if (wasMoving) latestSettle.current?.();
    return true;
  };

  return {
    onPointerDown: (event) => {
      if (!isTouch(event)) return false;
      const rect = event.currentTarget.getBoundingClientRect();
      origin.current = { left: rect.left, top: rect.top };
      if (capture) event.currentTarget.setPointerCapture(event.pointerId);
      emit(machine.current.pointerDown(pointer(event)));
      window.clearTimeout(timer.current);
      if (machine.current.state === 'pressing') {
        const startedMs = event.timeStamp;
        timer.current = window.setTimeout(
          () => emit(machine.current.timerFired(startedMs + LONG_PRESS_MS)),
          LONG_PRESS_MS,
        );
      }
      return true;
    },
    onPointerMove: (event) => {
      if (!isTouch(event)) return false;
      emit(machine.current.pointerMove(pointer(event)));
      return true;
    },
    onPointerUp: (event) => lift(event, 'pointerUp'),
    onPointerCancel: (event) => lift(event, 'pointerCancel'),
  };
}
