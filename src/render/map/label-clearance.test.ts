import { describe, expect, it } from 'vitest';
import { ScreenClearance } from './label-clearance.ts';

describe('screen clearance of the context labels', () => {
  const diagonal = () => {
    const clearance = new ScreenClearance();
    clearance.holdLine(
      [
        { x: 100, y: 100 },
        { x: 400, y: 400 },
      ],
      8,
    );
    return clearance;
  };

  it('holds a label box that a track crosses, even between its points', () => {
    expect(diagonal().overlaps({ left: 240, top: 245, right: 300, bottom: 260 })).toBe(true);
  });

  it('leaves a label box well off the track free', () => {
    expect(diagonal().overlaps({ left: 300, top: 100, right: 380, bottom: 116 })).toBe(false);
    expect(diagonal().overlaps({ left: 420, top: 100, right: 480, bottom: 116 })).toBe(false);
  });

  it('holds the boxes of the tracks own symbols and labels', () => {
    const clearance = new ScreenClearance();
    clearance.holdBox({ left: 500, top: 50, right: 600, bottom: 70 });
    expect(clearance.overlaps({ left: 590, top: 60, right: 650, bottom: 76 })).toBe(true);
    expect(clearance.overlaps({ left: 620, top: 60, right: 680, bottom: 76 })).toBe(false);
  });

  it('copes with points far off the screen (a track behind the camera)', () => {
    const clearance = new ScreenClearance();
    clearance.holdLine(
      [
        { x: -1e9, y: 5 },
        { x: 1e9, y: 5 },
      ],
      4,
    );
    expect(clearance.overlaps({ left: 10, top: 0, right: 20, bottom: 10 })).toBe(true);
  });
});
