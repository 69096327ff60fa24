/*
 * Mounts the swimlane renderer (src/render/swimlane) and turns pointer, wheel and keys into moves
 * of its time window: wheel and drag pan, Ctrl+wheel and +/- zoom about the pointer, clicks select
 * an event, open a group or zoom into a bin. Touch: drag pans (sideways it scrolls the columns),
 * pinch zooms, tap selects, long-press shows the hover card. React only mounts; frames never go
 * through state.
 */
import { useEffect, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { SwimlaneRenderer, type SwimlaneHit, type SwimlaneScene } from '../../render/swimlane/swimlane-renderer.ts';
import { centerWindow, clampWindow, panWindow, zoomWindow, type TimeWindow } from '../../render/swimlane/swimlane-window.ts';
import { windowToShow, type EventSpan } from '../../render/swimlane/window-to-show.ts';
import { useTimeCursorStore } from '../../data/time-cursor.ts';
import type { Gesture } from '../../../domain/gestures/gesture-machine.ts';
import { useTouchGestures } from '../../ui/use-touch-gestures.ts';

interface SwimlaneCanvasProps {
  scene: SwimlaneScene;
  bounds: TimeWindow;
  heightPx: number;
  /** An event to bring into view, readable (the selection); a new object asks again. */
  focus: EventSpan | undefined;
  /** A window to show (the secondary window swapped in); a new object asks again. */
  requestedWindow: TimeWindow | undefined;
  onWindowChange: (window: TimeWindow) => void;
  onHover: (hit: SwimlaneHit | undefined, xPx: number, yPx: number) => void;
  onActivate: (hit: SwimlaneHit) => void;
  onFirstFrame?: (renderer: SwimlaneRenderer) => void;
  label: string;
  /** How far the columns are scrolled sideways, and a finger or trackpad asking for more. */
  columnScrollPx: number;
  onColumnScroll: (deltaPx: number) => void;
}

const DRAG_THRESHOLD_PX = 3;

export function SwimlaneCanvas({ scene, bounds, heightPx, focus, requestedWindow, onWindowChange, onHover, onActivate, onFirstFrame, label, columnScrollPx, onColumnScroll }: SwimlaneCanvasProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const [renderer, setRenderer] = useState<SwimlaneRenderer | undefined>(undefined);
  const windowRef = useRef<TimeWindow>({ fromMicros: bounds.fromMicros, toMicros: bounds.toMicros });
  const boundsRef = useRef(bounds);
  const callbacks = useRef({ onWindowChange, onHover, onActivate, onFirstFrame, onColumnScroll });
  useEffect(() => {
    callbacks.current = { onWindowChange, onHover, onActivate, onFirstFrame, onColumnScroll };
    boundsRef.current = bounds;
  });

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    let alive = true;
    let made: SwimlaneRenderer | undefined;
    void SwimlaneRenderer.create(host, Math.max(1, host.clientWidth), heightPx).then((created) => {
      if (!alive) {
        created.destroy();
        return;
      }
      made = created;
      setRenderer(created);
    });
    return () => {
      alive = false;
      made?.destroy();
    };
    // The renderer lives as long as the host; size changes go through resize().
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const host = hostRef.current;
    if (!renderer || !host) return;
    const observer = new ResizeObserver(() => renderer.resize(Math.max(1, host.clientWidth), heightPx));
    observer.observe(host);
    renderer.resize(Math.max(1, host.clientWidth), heightPx);
    return () => observer.disconnect();
  }, [renderer, heightPx]);

  useEffect(() => renderer?.setColumnScroll(columnScrollPx), [renderer, columnScrollPx]);

  const firstDrawn = useRef(false);
  const drawnLayout = useRef<unknown>(undefined);
  useEffect(() => {
    if (!renderer) return;
    renderer.setWindow(windowRef.current);
    renderer.setScene(scene);
    if (scene.layout && scene.layout !== drawnLayout.current) {
      // Seen in a performance trace (and by bench/swimlane-app-bench.ts): its frame follows.
      drawnLayout.current = scene.layout;
      performance.mark('churchkey: swimlane shows a new layout', { detail: { events: scene.layout.startMicros.length } });
    }
    if (scene.layout && !firstDrawn.current) {
      firstDrawn.current = true;
      renderer.draw();
      callbacks.current.onFirstFrame?.(renderer);
    }
  }, [renderer, scene]);

  const move = (next: TimeWindow) => {
    windowRef.current = next;
    renderer?.setWindow(next);
    callbacks.current.onWindowChange(next);
  };

  // The whole incident again when its range changes (a new time interval, a re-import).
  useEffect(() => {
    if (!renderer) return;
    windowRef.current = { fromMicros: bounds.fromMicros, toMicros: bounds.toMicros };
    renderer.setWindow(windowRef.current);
    callbacks.current.onWindowChange(windowRef.current);
  }, [renderer, bounds.fromMicros, bounds.toMicros]);

  // The shared time cursor: set while the pointer is over the swimlane, drawn whoever set it.
  const cursorStore = useTimeCursorStore();
  useEffect(() => {
    if (!renderer) return;
    const show = () => renderer.setCursor(cursorStore.get().micros);
    show();
    const unsubscribe = cursorStore.subscribe(show);
    return () => {
      unsubscribe();
      cursorStore.set(undefined, 'swimlane');
    };
  }, [renderer, cursorStore]);

  // A selected event: jump to it (zoomed to a readable height) when it is out of view or too small
  // to see; only when the selection changes, so the analyst's later pans and zooms stay.
  useEffect(() => {
    if (!renderer || !focus) return;
    const current = windowRef.current;
    const next = windowToShow(current, focus, heightPx, boundsRef.current);
    if (next === current) return;
    windowRef.current = next;
    renderer.setWindow(next);
    callbacks.current.onWindowChange(next);
    // heightPx is read, not followed: a resize keeps the window.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [renderer, focus]);

  useEffect(() => {
    if (!renderer || !requestedWindow) return;
    const next = clampWindow(requestedWindow, boundsRef.current);
    windowRef.current = next;
    renderer.setWindow(next);
    callbacks.current.onWindowChange(next);
  }, [renderer, requestedWindow]);

  // Wheel needs passive: false to keep the page from scrolling while the swimlane pans.
  useEffect(() => {
    const host = hostRef.current;
    if (!host || !renderer) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const rect = host.getBoundingClientRect();
      const anchor = Math.max(0, Math.min(1, (event.clientY - rect.top) / rect.height));
      const delta = event.deltaMode === 1 ? event.deltaY * 16 : event.deltaY;
      if (Math.abs(event.deltaX) > Math.abs(event.deltaY)) {
        callbacks.current.onColumnScroll(event.deltaMode === 1 ? event.deltaX * 16 : event.deltaX);
        return;
      }
      const current = windowRef.current;
      const next = event.ctrlKey || event.metaKey ? zoomWindow(current, Math.exp(-delta / 300), anchor, boundsRef.current) : panWindow(current, delta / rect.height, boundsRef.current);
      windowRef.current = next;
      renderer.setWindow(next);
      callbacks.current.onWindowChange(next);
    };
    host.addEventListener('wheel', onWheel, { passive: false });
    return () => host.removeEventListener('wheel', onWheel);
  }, [renderer]);

  const drag = useRef<{ startY: number; startWindow: TimeWindow; moved: boolean; pointerID: number } | undefined>(undefined);
  const local = (event: { clientX: number; clientY: number }) => {
    const rect = hostRef.current?.getBoundingClientRect();
    return { x: event.clientX - (rect?.left ?? 0), y: event.clientY - (rect?.top ?? 0) };
  };

  const touch = useTouchGestures((gesture: Gesture) => {
    const bounds = boundsRef.current;
    if (gesture.kind === 'pan') {
      if (gesture.dyPx !== 0) move(panWindow(windowRef.current, -gesture.dyPx / heightPx, bounds));
      if (gesture.dxPx !== 0) callbacks.current.onColumnScroll(-gesture.dxPx);
      return;
    }
    if (gesture.kind === 'zoom') {
      move(zoomWindow(windowRef.current, gesture.factor, Math.max(0, Math.min(1, gesture.yPx / heightPx)), bounds));
      return;
    }
    const hit = renderer?.hitTest(gesture.xPx, gesture.yPx);
    if (gesture.kind === 'long-press') {
      callbacks.current.onHover(hit, gesture.xPx, gesture.yPx);
      return;
    }
    // A tap closes a hover card a long-press left open, then acts like a click.
    callbacks.current.onHover(undefined, 0, 0);
    if (!hit) return;
    if (hit.kind === 'bin') move(zoomWindow(windowRef.current, 4, gesture.yPx / heightPx, bounds));
    else callbacks.current.onActivate(hit);
  });

  const onKeyDown = (event: ReactKeyboardEvent) => {
    const current = windowRef.current;
    const bounds = boundsRef.current;
    const steps: Record<string, () => TimeWindow> = {
      ArrowDown: () => panWindow(current, 0.1, bounds),
      ArrowUp: () => panWindow(current, -0.1, bounds),
      PageDown: () => panWindow(current, 0.9, bounds),
      PageUp: () => panWindow(current, -0.9, bounds),
      '+': () => zoomWindow(current, 1.5, 0.5, bounds),
      '=': () => zoomWindow(current, 1.5, 0.5, bounds),
      '-': () => zoomWindow(current, 1 / 1.5, 0.5, bounds),
      '0': () => ({ fromMicros: bounds.fromMicros, toMicros: bounds.toMicros }),
      Home: () => centerWindow(current, bounds.fromMicros + (current.toMicros - current.fromMicros) / 2, bounds),
      End: () => centerWindow(current, bounds.toMicros - (current.toMicros - current.fromMicros) / 2, bounds),
    };
    const step = steps[event.key];
    if (!step) return;
    event.preventDefault();
    move(step());
  };

  return (
    <div
      ref={hostRef}
      role="application"
      aria-label={label}
      aria-roledescription="swimlane"
      tabIndex={0}
      data-swimlane-canvas=""
      className="relative w-full cursor-grab touch-none select-none overflow-hidden rounded-md border border-line bg-panel active:cursor-grabbing"
      style={{ height: heightPx }}
      onKeyDown={onKeyDown}
      onPointerDown={(event) => {
        if (touch.onPointerDown(event) || event.button !== 0) return;
        drag.current = { startY: event.clientY, startWindow: windowRef.current, moved: false, pointerID: event.pointerId };
        event.currentTarget.setPointerCapture(event.pointerId);
      }}
      onPointerMove={(event) => {
        if (touch.onPointerMove(event)) return;
        const state = drag.current;
        if (state && state.pointerID === event.pointerId) {
          const dy = event.clientY - state.startY;
          if (Math.abs(dy) > DRAG_THRESHOLD_PX) state.moved = true;
          if (state.moved) {
            move(panWindow(state.startWindow, -dy / heightPx, boundsRef.current));
            return;
          }
        }
        const point = local(event);
        callbacks.current.onHover(renderer?.hitTest(point.x, point.y), point.x, point.y);
        if (renderer) cursorStore.set(renderer.microsAt(point.y), 'swimlane');
      }}
      // A finger leaves as it lifts: the card a long-press opened stays until the next tap.
      onPointerLeave={(event) => {
        if (event.pointerType === 'mouse') callbacks.current.onHover(undefined, 0, 0);
        cursorStore.set(undefined, 'swimlane');
      }}
      onPointerCancel={(event) => touch.onPointerCancel(event)}
      onPointerUp={(event) => {
        if (touch.onPointerUp(event)) return;
        const state = drag.current;
        drag.current = undefined;
        if (!state || state.moved || !renderer) return;
        const point = local(event);
        const hit = renderer.hitTest(point.x, point.y);
        if (!hit) return;
        if (hit.kind === 'bin') {
          // A bin holds too many events to pick one: zoom into it instead.
          move(zoomWindow(windowRef.current, 4, point.y / heightPx, boundsRef.current));
          return;
        }
        callbacks.current.onActivate(hit);
      }}
    />
  );
}
