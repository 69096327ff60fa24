import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeNaturalEarth, NaturalEarthFileSchema } from './natural-earth-context.ts';

describe('natural earth context', () => {
  it('decodes delta-coded quantized lines to degrees', () => {
    const context = decodeNaturalEarth({
      source: 'test',
      scale: [0.5, 0.25],
      translate: [-180, -90],
      coastlines: [[2, 4, 1, -2, 3, 0], [1]],
      borders: [],
    });
    expect(context.coastlines).toHaveLength(1);
    expect([...context.coastlines[0]!]).toEqual([-179, -89, -178.5, -89.5, -177, -89.5]);
  });

  it('reads the bundled file: every coastline and border lies on the globe', () => {
    const file = NaturalEarthFileSchema.parse(
      JSON.parse(readFileSync(new URL('../../public/natural-earth/context.json', import.meta.url), 'utf8')),
    );
    const context = decodeNaturalEarth(file);
    expect(context.coastlines.length).toBeGreaterThan(1000);
    expect(context.borders.length).toBeGreaterThan(300);
    for (const line of [...context.coastlines, ...context.borders]) {
      for (let at = 0; at < line.length; at += 2) {
        expect(Math.abs(line[at]!)).toBeLessThanOrEqual(180.001);
        expect(Math.abs(line[at + 1]!)).toBeLessThanOrEqual(90.001);
      }
    }
  });
});
