import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '../../tests/support/fixtures-dir.ts';
import { detectAndRead } from './geo-file-test-reader.ts';
import type { GeoPoint } from './geo-point.ts';
import type { MapPointColumns } from './map-answers.ts';
import { deriveTrackTelemetry, distanceMetres, TELEMETRY_UNITS, unitSystemOf } from './track-telemetry.ts';

function columnsOf(points: readonly GeoPoint[]): MapPointColumns {
  const actors = [...new Set(points.map((point) => point.actor))];
  return {
    count: points.length,
    actors,
    lines: points.map((point) => point.line),
    timestamps: points.map((point) => point.timestamp),
    actorIndexes: points.map((point) => actors.indexOf(point.actor)),
    latitudes: points.map((point) => point.latitude),
    longitudes: points.map((point) => point.longitude),
    altitudes: points.map((point) => point.altitude),
    headings: points.map((point) => point.heading),
    pitches: points.map((point) => point.pitch),
    rolls: points.map((point) => point.roll),
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describe('deriveTrackTelemetry on Flightradar24 JAL516 (a real flight)', () => {
  const path = 'geo/fr24_JAL516_2024-01-02.csv';

  it('derives ground speeds that match the speeds the file reports, in knots', async () => {
    const bytes = new Uint8Array(readFileSync(join(FIXTURES_DIR, path)));
    const { detection, points } = await detectAndRead(bytes, 'fr24_JAL516_2024-01-02.csv');
    expect(unitSystemOf(detection.settings)).toBe('aviation');
    // The file's own Speed column (knots), which map points do not keep: the derivation must find it again.
    const reported = new TextDecoder()
      .decode(bytes)
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => Number(line.split(',').at(-2)));
    const telemetry = deriveTrackTelemetry(columnsOf(points));
    const knots = TELEMETRY_UNITS.aviation.speed.perMetrePerSecond;
    const errors: number[] = [];
    reported.forEach((speed, index) => {
      if (speed > 150) errors.push(Math.abs(telemetry.groundSpeedMetresPerSecond[index]! * knots - speed) / speed);
    });
    expect(errors.length).toBeGreaterThan(200);
    expect(median(errors)).toBeLessThan(0.05);
    expect(telemetry.headingDegrees?.[1]).toBe(172);
    expect(telemetry.pitchDegrees).toBeUndefined();
  });

  it('climbs after take-off and descends before landing, altitudes back in feet', async () => {
    const bytes = new Uint8Array(readFileSync(join(FIXTURES_DIR, path)));
    const { points } = await detectAndRead(bytes, 'fr24_JAL516_2024-01-02.csv');
    const telemetry = deriveTrackTelemetry(columnsOf(points));
    const feet = TELEMETRY_UNITS.aviation.altitude.perMetre;
    expect(telemetry.altitudeMetres[1]! * feet).toBeCloseTo(550, 3);
    const fpm = TELEMETRY_UNITS.aviation.verticalSpeed.perMetrePerSecond;
    const climbing = Array.from(telemetry.verticalSpeedMetresPerSecond.subarray(2, 30)).map((value) => value * fpm);
    expect(median(climbing)).toBeGreaterThan(1000);
    const count = telemetry.count;
    const descending = Array.from(telemetry.verticalSpeedMetresPerSecond.subarray(count - 60, count - 5)).map(
      (value) => value * fpm,
    );
    expect(median(descending)).toBeLessThan(-300);
  });
});

describe('deriveTrackTelemetry', () => {
  it('keeps interleaved actors apart and leaves a lone point unknown', () => {
    const telemetry = deriveTrackTelemetry({
      count: 4,
      actors: ['a', 'b'],
      lines: [1, 2, 3, 4],
      timestamps: [0, 0, 10_000_000, 20_000_000],
      actorIndexes: [0, 1, 0, 0],
      latitudes: [0, 50, 0, 0],
      longitudes: [0, 50, 0.001, 0.002],
      altitudes: [100, null, 110, 120],
      headings: [null, null, null, null],
      pitches: [null, null, null, null],
      rolls: [null, null, null, null],
    });
    const stepMetres = distanceMetres(0, 0, 0, 0.001);
    expect(telemetry.groundSpeedMetresPerSecond[0]).toBeCloseTo(stepMetres / 10, 6);
    expect(telemetry.groundSpeedMetresPerSecond[2]).toBeCloseTo(stepMetres / 10, 6);
    expect(telemetry.verticalSpeedMetresPerSecond[3]).toBeCloseTo(1, 6);
    expect(Number.isNaN(telemetry.groundSpeedMetresPerSecond[1]!)).toBe(true);
    expect(telemetry.headingDegrees).toBeUndefined();
  });

  it('reads drone and GPS files in metres', () => {
    expect(unitSystemOf({ format: 'gpx', altitudeUnit: 'metres' })).toBe('metric');
    expect(unitSystemOf({ format: 'igc', altitudeUnit: 'metres' })).toBe('aviation');
    expect(unitSystemOf({ icon: 'airplane' })).toBe('aviation');
    expect(unitSystemOf({ icon: 'circle' })).toBe('metric');
  });
});
