/*
 * The benchmark's samples are only worth timing if they are right: each family's file, read by that
 * family's well-known parser, holds as many records as the generator says; and the families the
 * importer knows today come in with no settings, every record valid, at the generator's instants.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBaseline } from './family-baselines.ts';
import { parseFamilyFile } from './family-parse.ts';
import { micros, T0_MICROS } from './family-sample-values.ts';
import { expectedInstants, FAMILY_SAMPLES, writeSample } from './family-samples.ts';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'churchkey-family-samples-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});
const sampleNamed = (family: string) => FAMILY_SAMPLES.find((s) => s.family === family)!;

describe('family samples', () => {
  it('start at 2025-12-31 20:00 UTC and cross the year end within 700,000 records', () => {
    expect(new Date(T0_MICROS / 1000).toISOString()).toBe('2025-12-31T20:00:00.000Z');
    expect(new Date(micros(700_000) / 1000).getUTCFullYear()).toBe(2026);
  });

  // NMEA writes two sentences (RMC, GGA) per fix; CRI splits every 25th message into a P and an F line.
  const perRecord = (family: string) => (family.startsWith('NMEA') ? 2 : 1);
  const partials = (family: string, records: number) => (family === 'Kubernetes CRI' ? Math.ceil(records / 25) : 0);
  it.each(FAMILY_SAMPLES.filter((s) => s.baseline.kind !== 'none').map((s) => [s.family]))(
    '%s: the baseline reads every generated record',
    async (family) => {
      const sample = sampleNamed(family);
      const file = join(dir, sample.fileName);
      const written = await writeSample(sample, file, 60_000);
      const run = await runBaseline(sample.baseline, file);
      const headerRows =
        sample.baseline.kind === 'papaparse'
          ? sample.family.startsWith('Garmin')
            ? 3
            : sample.baseline.comments
              ? 0
              : 1
          : 0;
      expect(written.records).toBeGreaterThan(50);
      expect(run?.items).toBe(written.records * perRecord(family) + partials(family, written.records) + headerRows);
    },
  );

  it('writes about the size asked for, whole blocks only', async () => {
    const sample = sampleNamed('KML gx:Track');
    const file = join(dir, sample.fileName);
    const written = await writeSample(sample, file, 200_000);
    expect(written.bytes).toBeGreaterThan(190_000);
    expect(written.bytes).toBeLessThan(215_000);
    expect(written.records % 50).toBe(0);
    expect((await readFile(file, 'utf8')).endsWith('</Document>\n</kml>\n')).toBe(true);
  });
});

describe('families the importer reads today, with no settings', () => {
  it.each([
    ['TSV (tab, header row)', 'delimited'],
    ['CSV (comma, quoted fields)', 'delimited'],
    ['Timesketch CSV', 'timesketch-csv'],
    ['JSON Lines (application log)', 'jsonl'],
    ['Timesketch JSON Lines', 'timesketch-jsonl'],
    ['HAR 1.2', 'har'],
    ['geo CSV', 'geo-csv'],
    ['Flightradar24 CSV export', 'geo-csv'],
  ])('%s comes in as %s, every record valid, first and last instants right', async (family, format) => {
    const sample = sampleNamed(family);
    const file = join(dir, sample.fileName);
    const written = await writeSample(sample, file, 300_000);
    const outcome = await parseFamilyFile(file, sample.fileName, sample.kind);
    expect(outcome.status).toBe('parsed');
    if (outcome.status !== 'parsed') return;
    expect(outcome.format).toBe(format);
    expect([outcome.valid, outcome.invalid]).toEqual([written.records, 0]);
    const expected = expectedInstants(sample, written.records);
    expect([outcome.firstMicros, outcome.lastMicros]).toEqual([expected?.first, expected?.last]);
  });

  it('a family detection does not know yet is reported with its reason, not thrown', async () => {
    const sample = sampleNamed('WebVTT');
    const file = join(dir, sample.fileName);
    await writeSample(sample, file, 20_000);
    const outcome = await parseFamilyFile(file, sample.fileName, sample.kind);
    if (outcome.status === 'not-detected') expect(outcome.reason).not.toBe('');
    else expect(outcome.status).toBe('parsed');
  });
});
