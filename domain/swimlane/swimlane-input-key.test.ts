import { describe, expect, it } from 'vitest';
import type { SwimlaneLayoutInput } from './swimlane-layout.ts';
import { swimlaneInputKey } from './swimlane-input-key.ts';

function input(count: number, change?: (made: SwimlaneLayoutInput) => void): SwimlaneLayoutInput {
  const made: SwimlaneLayoutInput = {
    startMicros: Float64Array.from({ length: count }, (_, index) => 1_700_000_000_000_000 + index * 1000),
    endMicros: Float64Array.from({ length: count }, (_, index) => 1_700_000_000_000_000 + index * 1000 + 5),
    column: Int32Array.from({ length: count }, (_, index) => index % 3),
    color: Uint8Array.from({ length: count }, (_, index) => index % 7),
    highlighted: new Uint8Array(count),
    position: Uint32Array.from({ length: count }, (_, index) => index),
    columnCount: 3,
  };
  change?.(made);
  return made;
}

describe('swimlaneInputKey', () => {
  it('is the same for the same input, made twice', () => {
    expect(swimlaneInputKey(input(1001))).toBe(swimlaneInputKey(input(1001)));
  });

  it('changes when one event moves, changes colour, column or highlight, or the columns change', () => {
    const base = swimlaneInputKey(input(1001));
    const changed = [
      input(1001, (made) => (made.startMicros[500] = 1)),
      input(1001, (made) => (made.endMicros[0] = 2)),
      input(1001, (made) => (made.column[1000] = 2)),
      input(1001, (made) => (made.color[1000] = 0)),
      input(1001, (made) => (made.highlighted[3] = 1)),
      input(1001, (made) => (made.position[7] = 9)),
      input(1001, (made) => (made.columnCount = 4)),
      input(1000),
    ].map(swimlaneInputKey);
    expect(new Set([base, ...changed]).size).toBe(changed.length + 1);
  });

  it('reads arrays that are views into a larger buffer', () => {
    const whole = input(1001);
    const sliced = input(1001, (made) => {
      const bytes = new Uint8Array(2000);
      bytes.set(made.color, 3);
      made.color = bytes.subarray(3, 1004);
    });
    expect(swimlaneInputKey(sliced)).toBe(swimlaneInputKey(whole));
  });
});
