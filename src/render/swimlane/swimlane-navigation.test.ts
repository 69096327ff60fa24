import { describe, expect, it } from 'vitest';
import { DRAG_THRESHOLD_PX, SwimlaneNavigation } from './swimlane-navigation.ts';
import type { TimeWindow } from './swimlane-window.ts';

// An incident of 1,000 s drawn 500 px high: 2 s a pixel when all of it is shown.
const BOUNDS = { fromMicros: 0, toMicros: 1_000_000_000 };
const HEIGHT_PX = 500;

function navigation() {
  const windows: TimeWindow[] = [];
  const nav = new SwimlaneNavigation(BOUNDS, HEIGHT_PX);
  nav.listen((window) => windows.push(window));
  return { nav, windows };
}

describe('the swimlane navigation', () => {
  it('shows the whole incident at first, idle', () => {
    const { nav } = navigation();
    expect(nav.state).toBe('idle');
    expect(nav.window).toEqual(BOUNDS);
  });

  it('turns a press into a click when released without moving past the threshold', () => {
    const { nav, windows } = navigation();
    nav.pointerDown(1, 100);
    expect(nav.state).toBe('pointing');
    expect(nav.pointerMove(1, 100 + DRAG_THRESHOLD_PX)).toBe('hover');
    expect(nav.state).toBe('pointing');
    expect(nav.pointerUp(1)).toBe(true);
    expect(nav.state).toBe('idle');
    expect(windows).toEqual([]);
  });

  it('drags the window with the pointer once past the threshold, and a drag is no click', () => {
    const { nav, windows } = navigation();
    nav.key('+');
    const zoomed = nav.window;
    nav.pointerDown(1, 200);
    expect(nav.pointerMove(1, 150)).toBe('dragged');
    expect(nav.state).toBe('dragging');
    // Dragging up by 50 px of 500 moves a tenth of the span later.
    const span = zoomed.toMicros - zoomed.fromMicros;
    expect(nav.window.fromMicros).toBeCloseTo(zoomed.fromMicros + span / 10);
    // Back where it started: the window the press began on, whatever happened between.
    nav.pointerMove(1, 200);
    expect(nav.window.fromMicros).toBeCloseTo(zoomed.fromMicros);
    expect(nav.pointerUp(1)).toBe(false);
    expect(nav.state).toBe('idle');
    expect(windows.length).toBe(3);
  });

  it('ignores another pointer moving while one is pressed', () => {
    const { nav } = navigation();
    nav.pointerDown(1, 200);
    expect(nav.pointerMove(2, 100)).toBe('hover');
    expect(nav.state).toBe('pointing');
    nav.pointerCancel();
    expect(nav.state).toBe('idle');
    expect(nav.pointerUp(1)).toBe(false);
  });

  it('zooms about the pointer with Ctrl+wheel and pans with the wheel; sideways turns scroll the columns', () => {
    const { nav } = navigation();
    expect(nav.wheel({ deltaX: 0, deltaY: -300, deltaMode: 0, zoom: true, anchor: 0.25 })).toBeUndefined();
    const zoomed = nav.window;
    // Zoomed in by e: the instant a quarter of the way down stays a quarter of the way down.
    expect(zoomed.toMicros - zoomed.fromMicros).toBeCloseTo(BOUNDS.toMicros / Math.E, -3);
    expect(zoomed.fromMicros + (zoomed.toMicros - zoomed.fromMicros) / 4).toBeCloseTo(BOUNDS.toMicros / 4, -3);
    nav.wheel({ deltaX: 0, deltaY: 3, deltaMode: 1, zoom: false, anchor: 0.5 });
    // Three lines of 16 px pan 48 px of 500.
    const span = zoomed.toMicros - zoomed.fromMicros;
    expect(nav.window.fromMicros).toBeCloseTo(zoomed.fromMicros + (span * 48) / 500, -3);
    expect(nav.wheel({ deltaX: 40, deltaY: 5, deltaMode: 0, zoom: false, anchor: 0.5 })).toEqual({
      columnScrollPx: 40,
    });
  });

  it('zooms four times into a clicked bin and keeps windows inside the incident', () => {
    const { nav } = navigation();
    nav.zoomIntoBin(0);
    expect(nav.window).toEqual({ fromMicros: 0, toMicros: 250_000_000 });
    // Far past the end: held at the incident's end plus its margin of a tenth.
    nav.show({ fromMicros: 5_000_000_000, toMicros: 5_100_000_000 });
    expect(nav.window.toMicros).toBeCloseTo(1_100_000_000);
    expect(nav.key('0')).toBe(true);
    expect(nav.window).toEqual(BOUNDS);
    expect(nav.key('x')).toBe(false);
  });

  it('brings a selected event into view only when it is out of view or unreadable', () => {
    const { nav, windows } = navigation();
    nav.focus({ startMicros: 100_000_000, endMicros: 200_000_000 });
    expect(windows).toEqual([]);
    nav.focus({ startMicros: 500_000_000, endMicros: 500_001_000 });
    expect(nav.window.fromMicros).toBeLessThanOrEqual(500_000_000);
    expect(nav.window.toMicros).toBeGreaterThanOrEqual(500_001_000);
    expect(nav.window.toMicros - nav.window.fromMicros).toBeLessThan(1_000_000);
  });

  it('shows all of new bounds when asked, and keeps the window when only they change', () => {
    const { nav } = navigation();
    nav.key('+');
    const zoomed = nav.window;
    nav.setBounds({ fromMicros: 0, toMicros: 2_000_000_000 }, false);
    expect(nav.window).toEqual(zoomed);
    nav.setBounds({ fromMicros: 0, toMicros: 2_000_000_000 }, true);
    expect(nav.window).toEqual({ fromMicros: 0, toMicros: 2_000_000_000 });
  });
});
