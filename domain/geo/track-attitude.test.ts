import { describe, expect, it } from 'vitest';
import type { MapPointColumns } from './map-answers.ts';
import { bearingDegrees, groundMetres, trackAttitude } from './track-attitude.ts';

type Row = {
  lat: number;
  lon: number;
  alt?: number | null;
  seconds: number;
  heading?: number | null;
  pitch?: number | null;
  roll?: number | null;
};
const columns = (rows: Row[]): MapPointColumns => ({
  count: rows.length,
  actors: ['a'],
  lines: rows.map((_, index) => index + 2),
  timestamps: rows.map((row) => row.seconds * 1_000_000),
  actorIndexes: rows.map(() => 0),
  latitudes: rows.map((row) => row.lat),
  longitudes: rows.map((row) => row.lon),
  altitudes: rows.map((row) => row.alt ?? null),
  headings: rows.map((row) => row.heading ?? null),
  pitches: rows.map((row) => row.pitch ?? null),
  rolls: rows.map((row) => row.roll ?? null),
});

describe('track attitude', () => {
  it('measures bearings and distances on the sphere', () => {
    expect(bearingDegrees(0, 0, 1, 0)).toBeCloseTo(0);
    expect(bearingDegrees(0, 0, 0, 1)).toBeCloseTo(90);
    expect(bearingDegrees(0, 0, -1, 0)).toBeCloseTo(180);
    expect(bearingDegrees(0, 0, 0, -1)).toBeCloseTo(270);
    expect(groundMetres(0, 0, 1, 0)).toBeCloseTo(111_195, -1);
  });

  it('keeps the values the file has', () => {
    const points = columns([
      { lat: 0, lon: 0, seconds: 0, heading: 12, pitch: 3, roll: -7 },
      { lat: 0.01, lon: 0, seconds: 10, heading: 14, pitch: 2, roll: -5 },
    ]);
    expect(trackAttitude(points, 0)).toEqual({ heading: 12, pitch: 3, roll: -7 });
  });

  it('derives heading from the direction of travel, at the last point from the leg before it', () => {
    const east = columns([
      { lat: 10, lon: 20, seconds: 0 },
      { lat: 10, lon: 20.01, seconds: 10 },
      { lat: 10, lon: 20.02, seconds: 20 },
    ]);
    expect(trackAttitude(east, 0).heading).toBeCloseTo(90, 1);
    expect(trackAttitude(east, 2).heading).toBeCloseTo(90, 1);
  });

  it('skips repeated positions (a hover) to find the direction', () => {
    const points = columns([
      { lat: 0, lon: 0, seconds: 0 },
      { lat: 0, lon: 0, seconds: 1 },
      { lat: 0, lon: 0, seconds: 2 },
      { lat: -0.01, lon: 0, seconds: 3 },
    ]);
    expect(trackAttitude(points, 0).heading).toBeCloseTo(180, 1);
  });

  it('derives pitch from the climb over ground distance', () => {
    // ~111 m apart per 0.001° of latitude; 111 m up over 222 m of ground is atan(0.5) ≈ 26.6°.
    const points = columns([
      { lat: 0, lon: 0, alt: 100, seconds: 0 },
      { lat: 0.001, lon: 0, alt: 155.6, seconds: 10 },
      { lat: 0.002, lon: 0, alt: 211.2, seconds: 20 },
    ]);
    expect(trackAttitude(points, 1).pitch).toBeCloseTo(26.6, 0);
    const level = columns([
      { lat: 0, lon: 0, seconds: 0 },
      { lat: 0.001, lon: 0, seconds: 10 },
    ]);
    expect(trackAttitude(level, 0).pitch).toBe(0);
  });

  it('derives roll as the bank of a coordinated turn, right turns positive, bounded', () => {
    // 90° right turn over 20 s at about 111 m per 10 s: 11 m/s × 4.5°/s ÷ g ≈ 5°.
    const right = columns([
      { lat: 0, lon: 0, seconds: 0 },
      { lat: 0.001, lon: 0, seconds: 10 },
      { lat: 0.001, lon: 0.001, seconds: 20 },
    ]);
    const roll = trackAttitude(right, 1).roll;
    expect(roll).toBeGreaterThan(4);
    expect(roll).toBeLessThan(6);
    const left = columns([
      { lat: 0, lon: 0, seconds: 0 },
      { lat: 0.001, lon: 0, seconds: 10 },
      { lat: 0.001, lon: -0.001, seconds: 20 },
    ]);
    expect(trackAttitude(left, 1).roll).toBeCloseTo(-roll, 5);
    const jump = columns([
      { lat: 0, lon: 0, seconds: 0 },
      { lat: 1, lon: 0, seconds: 1 },
      { lat: 1, lon: 1, seconds: 2 },
    ]);
    expect(trackAttitude(jump, 1).roll).toBe(60);
    expect(trackAttitude(right, 0).roll).toBe(0);
  });
});
