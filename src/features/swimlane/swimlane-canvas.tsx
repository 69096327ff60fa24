/*
 * Mounts the swimlane renderer (src/render/swimlane) and turns pointer, wheel and keys into moves
 * of its time window: wheel and drag pan, Ctrl+wheel and +/- zoom about the pointer, clicks select
 * an event, open a group or zoom into a bin. Touch: drag pans (sideways it scrolls the columns),
 * pinch zooms, tap selects, long-press shows the hover card. React only mounts; frames never go
 * through state.
 */
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { SwimlaneRenderer } from '../../render/swimlane/swimlane-renderer.ts';
import type { SwimlaneHit, SwimlaneScene } from '../../render/swimlane/swimlane-scene.ts';
import { SwimlaneNavigation } from '../../render/swimlane/swimlane-navigation.ts';
import { nextFrame } from '../../render/frame-scheduler.ts';
import type { TimeWindow } from '../../render/swimlane/swimlane-window.ts';
import type { EventSpan } from '../../render/swimlane/window-to-show.ts';
import { useTimeCursorStore } from '../../data/time-cursor.ts';
import { firstFrameDrawn, holdUntilFirstFrame } from '../../data/mirror/index.ts';
import type { Gesture } from '../../../domain/gestures/gesture-machine.ts';
import { useTouchGestures } from '../../ui/use-touch-gestures.ts';
import { swimlaneLiveFrameDrawn } from '../../data/mirror/index.ts';
import { LastFramePicture, useRestoredFrame } from './swimlane-last-frame.tsx';
import { rememberKeptFrame, useKeepLastFrame, type LastFrameKeep } from './use-keep-last-frame.ts';

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
  /** What the frame is kept for the next reopen under; the kept frame shown until the first is drawn. */
  lastFrame?: LastFrameKeep | undefined;
}

export function SwimlaneCanvas({
  scene,
  bounds,
  heightPx,
  focus,
  requestedWindow,
  onWindowChange,
  onHover,
  onActivate,
  onFirstFrame,
  label,
  columnScrollPx,
  onColumnScroll,
  lastFrame,
}: SwimlaneCanvasProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  // What the first frame and the last layout drawn were (showScene), and the props the renderer's
  // making finds when it is done.
  const [drawn] = useState<DrawnState>(() => ({ first: false, layout: undefined, opened: undefined }));
  // A reopen's kept frame (swimlane-last-frame.tsx), shown over the canvas until its first live frame
  // (showScene ends it for the page); it answers no pointer, wheel or key meanwhile.
  const restored = useRestoredFrame(lastFrame?.incidentID ?? 0, lastFrame?.view, hostRef, lastFrame?.listRevision);
  const restoringNow = lastFrame !== undefined && restored !== undefined;
  const restoring = useRef(restoringNow);
  useLayoutEffect(() => {
    restoring.current = restoringNow;
  });
  useEffect(() => {
    // Shown, so already kept: the same frame is not read and written again.
    if (restored && lastFrame) rememberKeptFrame(lastFrame.incidentID, restored.record.key);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [restored]);
  const latest = useRef({ scene, columnScrollPx });
  useLayoutEffect(() => {
    latest.current = { scene, columnScrollPx };
  });
  const [renderer, setRenderer] = useState<SwimlaneRenderer | undefined>(undefined);
  const callbacks = useRef({ onWindowChange, onHover, onActivate, onFirstFrame, onColumnScroll });
  // Pan, zoom and drag: src/render/swimlane/swimlane-navigation.ts.
  const [navigation] = useState(() => new SwimlaneNavigation(bounds, heightPx));
  useEffect(() => {
    callbacks.current = { onWindowChange, onHover, onActivate, onFirstFrame, onColumnScroll };
    navigation.setBounds(bounds, false);
    navigation.setHeight(heightPx);
  });

  // A layout effect: the renderer (its shaders take most of a second on software WebGL) starts before the
  // browser paints the mounted page, beside the worker's layout asked in the same phase.
  useLayoutEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    let alive = true;
    let made: SwimlaneRenderer | undefined;
    const started = performance.now();
    void SwimlaneRenderer.create(host, Math.max(1, host.clientWidth), heightPx).then((created) => {
      if (!alive) {
        created.destroy();
        return;
      }
      // Seen in a trace (and by bench/reopen-profile.ts): with the layout made at start, the frame waits for this.
      performance.measure('churchkey: swimlane renderer made', { start: started });
      made = created;
      // A layout already in hand (a reopen's, made as the app started) is drawn now, not after the render
      // and the effects setRenderer brings (100-300 ms under load); those then find it drawn.
      if (latest.current.scene.layout) {
        created.setColumnScroll(latest.current.columnScrollPx);
        if (showScene(created, latest.current.scene, navigation, drawn, latest.current.columnScrollPx))
          callbacks.current.onFirstFrame?.(created);
      }
      setRenderer(created);
    });
    return () => {
      alive = false;
      made?.destroy();
    };
    // The renderer lives as long as the host; size changes go through resize().
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Every window the navigation moves to is drawn and reported (subscribed before the effects below move it).
  useEffect(() => {
    if (!renderer) return;
    return navigation.listen((next) => {
      renderer.setWindow(next);
      callbacks.current.onWindowChange(next);
    });
  }, [renderer, navigation]);

  useEffect(() => {
    const host = hostRef.current;
    if (!renderer || !host) return;
    const observer = new ResizeObserver(() => renderer.resize(Math.max(1, host.clientWidth), heightPx));
    observer.observe(host);
    renderer.resize(Math.max(1, host.clientWidth), heightPx);
    return () => observer.disconnect();
  }, [renderer, heightPx]);

  useEffect(() => renderer?.setColumnScroll(columnScrollPx), [renderer, columnScrollPx]);

  // What the first frame does not need (the messages' read, the series) waits for it: first-frame-hold.ts.
  // A swimlane left before its first frame lets go of the app's hold too (main.tsx).
  useEffect(() => {
    holdUntilFirstFrame();
    return firstFrameDrawn;
  }, []);
  // A layout effect: the first frame with a layout is drawn in the commit that brings it, not after the
  // page's other effects (the minimap's, the series') and a paint, which took up to a second under load
  // once the renderer was made ahead of the layout (prewarmSwimlaneRenderer).
  useLayoutEffect(() => {
    if (renderer && showScene(renderer, scene, navigation, drawn, columnScrollPx))
      callbacks.current.onFirstFrame?.(renderer);
    // The columns' scroll is read as it is at the first frame, not followed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [renderer, scene, navigation, drawn]);

  // The whole incident again when its range changes (a new time interval, a re-import).
  useEffect(() => {
    if (!renderer) return;
    navigation.setBounds({ fromMicros: bounds.fromMicros, toMicros: bounds.toMicros }, true);
  }, [renderer, navigation, bounds.fromMicros, bounds.toMicros]);

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

  // The settled frame kept for the next reopen (use-keep-last-frame.ts).
  useKeepLastFrame(
    renderer,
    hostRef,
    lastFrame,
    () => ({
      first: drawn.opened,
      columnScrollPx: latest.current.columnScrollPx,
      cursorOver: () => cursorStore.get().micros !== undefined,
    }),
    label,
    scene.layout,
  );

  // A selected event: jump to it (zoomed to a readable height) when it is out of view or too small
  // to see; only when the selection changes, so the analyst's later pans and zooms stay.
  useEffect(() => {
    if (!renderer || !focus) return;
    // The height is the navigation's own: a resize keeps the window.
    navigation.focus(focus);
  }, [renderer, navigation, focus]);

  useEffect(() => {
    if (!renderer || !requestedWindow) return;
    navigation.show(requestedWindow);
  }, [renderer, navigation, requestedWindow]);

  // Wheel needs passive: false to keep the page from scrolling while the swimlane pans.
  useEffect(() => {
    const host = hostRef.current;
    if (!host || !renderer) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      if (restoring.current) return;
      const rect = host.getBoundingClientRect();
      const anchor = (event.clientY - rect.top) / rect.height;
      const sideways = navigation.wheel({
        deltaX: event.deltaX,
        deltaY: event.deltaY,
        deltaMode: event.deltaMode,
        zoom: event.ctrlKey || event.metaKey,
        anchor,
      });
      if (sideways) callbacks.current.onColumnScroll(sideways.columnScrollPx);
    };
    host.addEventListener('wheel', onWheel, { passive: false });
    return () => host.removeEventListener('wheel', onWheel);
  }, [renderer, navigation]);

  const local = (event: { clientX: number; clientY: number }) => {
    const rect = hostRef.current?.getBoundingClientRect();
    return { x: event.clientX - (rect?.left ?? 0), y: event.clientY - (rect?.top ?? 0) };
  };

  const touch = useTouchGestures((gesture: Gesture) => {
    if (gesture.kind === 'pan') {
      navigation.touchPan(gesture.dyPx);
      if (gesture.dxPx !== 0) callbacks.current.onColumnScroll(-gesture.dxPx);
      return;
    }
    if (gesture.kind === 'zoom') {
      navigation.zoomAt(gesture.factor, gesture.yPx);
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
    if (hit.kind === 'bin') navigation.zoomIntoBin(gesture.yPx);
    else callbacks.current.onActivate(hit);
  });

  const onKeyDown = (event: ReactKeyboardEvent) => {
    if (!restoring.current && navigation.key(event.key)) event.preventDefault();
  };

  return (
    <div
      ref={hostRef}
      role="application"
      aria-label={label}
      aria-roledescription="swimlane"
      tabIndex={0}
      data-swimlane-canvas=""
      className={`relative w-full touch-none select-none overflow-hidden rounded-md border border-line bg-panel ${restoringNow ? 'cursor-progress' : 'cursor-grab active:cursor-grabbing'}`}
      style={{ height: heightPx }}
      aria-busy={restoringNow ? true : undefined}
      onKeyDown={onKeyDown}
      onPointerDown={(event) => {
        if (restoring.current || touch.onPointerDown(event) || event.button !== 0) return;
        navigation.pointerDown(event.pointerId, event.clientY);
        event.currentTarget.setPointerCapture(event.pointerId);
      }}
      onPointerMove={(event) => {
        if (restoring.current || touch.onPointerMove(event)) return;
        if (navigation.pointerMove(event.pointerId, event.clientY) === 'dragged') return;
        const point = local(event);
        callbacks.current.onHover(renderer?.hitTest(point.x, point.y), point.x, point.y);
        if (renderer) cursorStore.set(renderer.microsAt(point.y), 'swimlane');
      }}
      // A finger leaves as it lifts: the card a long-press opened stays until the next tap.
      onPointerLeave={(event) => {
        if (event.pointerType === 'mouse') callbacks.current.onHover(undefined, 0, 0);
        cursorStore.set(undefined, 'swimlane');
      }}
      onPointerCancel={(event) => {
        navigation.pointerCancel();
        touch.onPointerCancel(event);
      }}
      onPointerUp={(event) => {
        if (restoring.current || touch.onPointerUp(event)) return;
        if (!navigation.pointerUp(event.pointerId) || !renderer) return;
        const point = local(event);
        const hit = renderer.hitTest(point.x, point.y);
        if (!hit) return;
        // A bin holds too many events to pick one: zoom into it instead.
        if (hit.kind === 'bin') navigation.zoomIntoBin(point.y);
        else callbacks.current.onActivate(hit);
      }}
    >
      {restoringNow ? <LastFramePicture frame={restored} /> : null}
    </div>
  );
}

interface DrawnState {
  first: boolean;
  layout: unknown;
  /** The window and the columns' scroll of the first frame: a reopen opens there, so only that is kept. */
  opened: { window: TimeWindow; columnScrollPx: number } | undefined;
}

/**
 * Sets the scene; the first with a layout is drawn at once (answers true), and what waits for that
 * frame is released after it.
 */
function showScene(
  renderer: SwimlaneRenderer,
  scene: SwimlaneScene,
  navigation: SwimlaneNavigation,
  drawn: DrawnState,
  columnScrollPx: number,
): boolean {
  renderer.setWindow(navigation.window);
  renderer.setScene(scene);
  if (scene.layout && scene.layout !== drawn.layout) {
    // Seen in a performance trace (and by bench/swimlane-app-bench.ts): its frame follows.
    drawn.layout = scene.layout;
    performance.mark('churchkey: swimlane shows a new layout', {
      detail: { events: scene.layout.startMicros.length },
    });
  }
  if (scene.layout && !drawn.first) {
    drawn.first = true;
    drawn.opened = { window: navigation.window, columnScrollPx };
    renderer.draw();
    // A reopen's kept picture goes in the same task (swimlane-frame-restore.ts): never over the live frame.
    swimlaneLiveFrameDrawn();
    // Released once the frame is on screen (drawn in one animation frame, shown by the next) and the
    // page is next idle, so the held work does not delay that frame either.
    void nextFrame()
      .then(nextFrame)
      .then(() =>
        typeof requestIdleCallback === 'function'
          ? requestIdleCallback(firstFrameDrawn, { timeout: 1_000 })
          : setTimeout(firstFrameDrawn, 0),
      );
    return true;
  }
  return false;
}
