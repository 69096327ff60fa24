import { describe, expect, it } from 'vitest';
import { FRAMING_PITCH_DEGREES, frameTracks, type FramedTrack } from './track-framing.ts';

const track = (positions: [number, number, number | null][]): FramedTrack => ({
  count: positions.length,
  longitudes: positions.map(([longitude]) => longitude),
  latitudes: positions.map(([, latitude]) => latitude),
  altitudes: positions.map(([, , altitude]) => altitude),
});

/** The framing of one track, which every test but the empty and the antimeridian ones expects to exist. */
const frameOne = (positions: [number, number, number | null][]) => frameTracks([track(positions)])!;

describe('track framing', () => {
  it('frames nothing when no track has points', () => {
    expect(frameTracks([])).toBeUndefined();
    expect(frameTracks([track([])])).toBeUndefined();
  });

  it('looks obliquely across a track flown north-east, so it runs left to right', () => {
    const framing = frameOne([
      [10, 50, 0],
      [10.5, 50.32, 1000],
      [11, 50.64, 2000],
    ]);
    expect(framing.pitchDegrees).toBe(FRAMING_PITCH_DEGREES);
    expect(framing.pitchDegrees).toBeLessThanOrEqual(-35);
    expect(framing.pitchDegrees).toBeGreaterThanOrEqual(-45);
    // 0.5° of longitude at 50° N is ~35.7 km, 0.32° of latitude ~35.6 km: about 45°.
    expect(framing.directionDegrees).toBeCloseTo(45, 0);
    // Facing north-west: the track's start on the left, its end on the right, its curtain face-on.
    expect(framing.headingDegrees).toBeCloseTo(315, 0);
    expect(framing.longitude).toBeCloseTo(10.5);
    expect(framing.latitude).toBeCloseTo(50.32);
    expect(framing.heightMetres).toBe(1000);
  });

  it('points the direction from the first point to the last, whichever way the track runs', () => {
    const south = frameOne([
      [0, 1, 0],
      [0, 0.5, 0],
      [0, 0, 0],
    ]);
    expect(south.directionDegrees).toBeCloseTo(180, 5);
    expect(south.headingDegrees).toBeCloseTo(90, 5);
    const west = frameOne([
      [1, 0, 0],
      [0, 0, 0],
    ]);
    expect(west.directionDegrees).toBeCloseTo(270, 5);
    expect(west.headingDegrees).toBeCloseTo(180, 5);
  });

  it('backs off far enough for the farthest point to fit (radius over the half field of view, with a margin)', () => {
    const framing = frameOne([
      [0, -0.01, 0],
      [0, 0.01, 0],
    ]);
    // 0.01° of latitude is ~1,112 m from the centre; 1,112 / sin(30°) × 1.15 ≈ 2,557 m.
    expect(framing.rangeMetres).toBeGreaterThan(2_500);
    expect(framing.rangeMetres).toBeLessThan(2_620);
  });

  it('keeps a small drone track (metres across) at a readable distance, not zoomed onto one dot', () => {
    const hover = frameOne([
      [4.77, 52.3, 30],
      [4.77001, 52.30001, 32],
    ]);
    expect(hover.rangeMetres).toBeGreaterThanOrEqual(300);
    expect(hover.rangeMetres).toBeLessThan(1_000);
  });

  it('takes every track into the frame and keeps a track over the antimeridian whole', () => {
    const framing = frameTracks([track([[179.5, 0, 0]]), track([[-179.5, 0, 0]])])!;
    expect(Math.abs(framing.longitude)).toBeCloseTo(180, 5);
    expect(framing.rangeMetres).toBeLessThan(200_000);
  });
});
