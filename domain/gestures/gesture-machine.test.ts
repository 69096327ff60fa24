import { beforeEach, describe, expect, it } from 'vitest';
import { GestureMachine, LONG_PRESS_MS, TAP_SLOP_PX } from './gesture-machine.ts';

let machine: GestureMachine;
const at = (pointerID: number, xPx: number, yPx: number, timeMs = 0) => ({ pointerID, xPx, yPx, timeMs });

beforeEach(() => {
  machine = new GestureMachine();
});

describe('GestureMachine', () => {
  it('reads a short press as a tap where the finger landed', () => {
    expect(machine.pointerDown(at(1, 50, 60))).toEqual([]);
    expect(machine.state).toBe('pressing');
    expect(machine.pointerMove(at(1, 53, 62))).toEqual([]);
    expect(machine.pointerUp(at(1, 53, 62, 120))).toEqual([{ kind: 'tap', xPx: 50, yPx: 60 }]);
    expect(machine.state).toBe('idle');
  });

  it('pans once the finger leaves the tap slop, by each move', () => {
    machine.pointerDown(at(1, 50, 50));
    expect(machine.pointerMove(at(1, 50, 50 + TAP_SLOP_PX + 2))).toEqual([
      { kind: 'pan', dxPx: 0, dyPx: TAP_SLOP_PX + 2 },
    ]);
    expect(machine.state).toBe('panning');
    expect(machine.pointerMove(at(1, 45, 80))).toEqual([{ kind: 'pan', dxPx: -5, dyPx: 80 - (50 + TAP_SLOP_PX + 2) }]);
    expect(machine.pointerUp(at(1, 45, 80))).toEqual([]);
    expect(machine.state).toBe('idle');
  });

  it('turns a resting finger into a long-press, and no tap after it', () => {
    machine.pointerDown(at(1, 20, 30, 1000));
    expect(machine.timerFired(1000 + LONG_PRESS_MS - 1)).toEqual([]);
    expect(machine.timerFired(1000 + LONG_PRESS_MS)).toEqual([{ kind: 'long-press', xPx: 20, yPx: 30 }]);
    expect(machine.state).toBe('held');
    expect(machine.pointerMove(at(1, 60, 90))).toEqual([]);
    expect(machine.pointerUp(at(1, 60, 90))).toEqual([]);
    expect(machine.state).toBe('idle');
  });

  it('ignores the timer once the finger has panned', () => {
    machine.pointerDown(at(1, 0, 0, 0));
    machine.pointerMove(at(1, 0, 40, 100));
    expect(machine.timerFired(LONG_PRESS_MS)).toEqual([]);
  });

  it('zooms by the ratio the fingers spread, about their middle', () => {
    machine.pointerDown(at(1, 100, 100));
    machine.pointerDown(at(2, 100, 200));
    expect(machine.state).toBe('pinching');
    expect(machine.pointerMove(at(2, 100, 300))).toEqual([
      { kind: 'pan', dxPx: 0, dyPx: 50 },
      { kind: 'zoom', factor: 2, xPx: 100, yPx: 200 },
    ]);
    // Pinching in again: the factor is since the last move, so the moves multiply to the whole pinch.
    const [pan, zoom] = machine.pointerMove(at(1, 100, 200));
    expect(pan).toEqual({ kind: 'pan', dxPx: 0, dyPx: 50 });
    expect(zoom).toEqual({ kind: 'zoom', factor: 0.5, xPx: 100, yPx: 250 });
  });

  it('never taps after a pinch, and pans on with the finger left', () => {
    machine.pointerDown(at(1, 0, 0));
    machine.pointerDown(at(2, 0, 100));
    expect(machine.pointerUp(at(2, 0, 100))).toEqual([]);
    expect(machine.state).toBe('panning');
    expect(machine.pointerMove(at(1, 0, 7))).toEqual([{ kind: 'pan', dxPx: 0, dyPx: 7 }]);
    expect(machine.pointerUp(at(1, 0, 7))).toEqual([]);
  });

  it('forgets a cancelled press without a tap', () => {
    machine.pointerDown(at(1, 5, 5));
    expect(machine.pointerCancel(at(1, 5, 5))).toEqual([]);
    expect(machine.state).toBe('idle');
    expect(machine.pointerUp(at(1, 5, 5))).toEqual([]);
  });

  it('ignores moves of pointers it never saw go down', () => {
    expect(machine.pointerMove(at(9, 1, 1))).toEqual([]);
    expect(machine.state).toBe('idle');
  });
});
