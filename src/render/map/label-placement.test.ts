import { describe, expect, it } from 'vitest';
import { labelBox, LABEL_DISTANCE_PX, placeLabel, type ScreenVector } from './label-placement.ts';

/** Whether the straight track through the symbol along `direction` passes through the box (sampled). */
function trackCrosses(direction: ScreenVector, box: ReturnType<typeof labelBox>): boolean {
  const length = Math.hypot(direction.x, direction.y);
  for (let t = -400; t <= 400; t += 0.5) {
    const [x, y] = [(direction.x / length) * t, (direction.y / length) * t];
    if (x > box.left && x < box.right && y > box.top && y < box.bottom) return true;
  }
  return false;
}

describe('label placement', () => {
  it('sets the label at a right angle to the track, the label distance away, on the upper side', () => {
    for (const direction of [
      { x: 1, y: 0 },
      { x: -1, y: 0 },
      { x: 1, y: 1 },
      { x: -3, y: 2 },
      { x: 2, y: -5 },
    ]) {
      const { offset } = placeLabel(direction);
      expect(
        Math.abs(offset.x * direction.x + offset.y * direction.y) / Math.hypot(direction.x, direction.y),
      ).toBeLessThan(1);
      expect(Math.hypot(offset.x, offset.y)).toBeCloseTo(LABEL_DISTANCE_PX, -1);
      expect(offset.y).toBeLessThanOrEqual(0);
    }
  });

  it('puts a label above a track that is standing still or seen end-on, and beside a vertical one', () => {
    expect(placeLabel(undefined)).toEqual({
      offset: { x: 0, y: -LABEL_DISTANCE_PX },
      horizontal: 'center',
      vertical: 'bottom',
    });
    expect(placeLabel({ x: 0, y: 0 }).offset).toEqual({ x: 0, y: -LABEL_DISTANCE_PX });
    expect(placeLabel({ x: 0, y: -1 })).toEqual({
      offset: { x: LABEL_DISTANCE_PX, y: 0 },
      horizontal: 'left',
      vertical: 'center',
    });
    expect(placeLabel({ x: 0, y: 1 }).offset).toEqual({ x: LABEL_DISTANCE_PX, y: 0 });
  });

  it('never lets a label box cover the track line, whatever its direction and the text length', () => {
    for (let degrees = 0; degrees < 360; degrees += 7.5) {
      const direction = { x: Math.cos((degrees * Math.PI) / 180), y: Math.sin((degrees * Math.PI) / 180) };
      const placement = placeLabel(direction);
      for (const widthPx of [30, 120, 260])
        expect(trackCrosses(direction, labelBox(placement, widthPx, 16)), `${degrees}° ${widthPx}px`).toBe(false);
    }
  });
});
