import { Cartesian3 } from 'cesium';
import { describe, expect, it } from 'vitest';
import { belowHorizon } from './horizon.ts';

// A camera 3 km above Schiphol, as a framed drone survey puts it.
const camera = Cartesian3.fromDegrees(4.764, 52.316, 3000);

describe('what the Earth hides from the camera', () => {
  it('hides a place on another continent (a track in California seen from over Amsterdam)', () => {
    expect(belowHorizon(Cartesian3.fromDegrees(-116.52, 35.03, 0), camera)).toBe(true);
  });

  it('shows a place below the camera and one a few kilometres off, on the ground or in the air', () => {
    expect(belowHorizon(Cartesian3.fromDegrees(4.764, 52.316, 0), camera)).toBe(false);
    expect(belowHorizon(Cartesian3.fromDegrees(4.9, 52.4, 0), camera)).toBe(false);
    expect(belowHorizon(Cartesian3.fromDegrees(4.9, 52.4, 10_000), camera)).toBe(false);
  });

  it('shows the far side of the Earth from far out in space, where it faces the camera', () => {
    const far = Cartesian3.fromDegrees(0, 0, 40_000_000);
    expect(belowHorizon(Cartesian3.fromDegrees(60, 0, 0), far)).toBe(false);
    expect(belowHorizon(Cartesian3.fromDegrees(180, 0, 0), far)).toBe(true);
  });
});
