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
      places: [['Paris', 2.353, 48.8581]],
      airports: [['Charles de Gaulle International Airport', 'CDG', 2.55, 49.0128]],
    });
    expect(context.places).toEqual([{ name: 'Paris', longitude: 2.353, latitude: 48.8581 }]);
    expect(context.airports[0]).toMatchObject({ iata: 'CDG', longitude: 2.55 });
    expect(context.coastlines).toHaveLength(1);
    expect([...context.coastlines[0]!]).toEqual([-179, -89, -178.5, -89.5, -177, -89.5]);
  });

  const bundled = () =>
    decodeNaturalEarth(
      NaturalEarthFileSchema.parse(
        JSON.parse(readFileSync(new URL('../../public/natural-earth/context.json', import.meta.url), 'utf8')),
      ),
    );

  it('reads the bundled file: every coastline and border lies on the globe', () => {
    const context = bundled();
    expect(context.coastlines.length).toBeGreaterThan(1000);
    expect(context.borders.length).toBeGreaterThan(300);
    for (const line of [...context.coastlines, ...context.borders]) {
      for (let at = 0; at < line.length; at += 2) {
        expect(Math.abs(line[at]!)).toBeLessThanOrEqual(180.001);
        expect(Math.abs(line[at + 1]!)).toBeLessThanOrEqual(90.001);
      }
    }
  });

  it('bundles every populated place of Natural Earth, where the shapefile puts it', () => {
    const { places } = bundled();
    // ne_110m_populated_places has 243 rows, each with a name.
    expect(places).toHaveLength(243);
    // Paris is row 236 of the .shp: x 2.35299246…, y 48.85809231… (read from the file's bytes by hand).
    const paris = places.find((place) => place.name === 'Paris');
    expect(paris?.longitude).toBeCloseTo(2.353, 4);
    expect(paris?.latitude).toBeCloseTo(48.8581, 4);
    // Names are the .dbf's ISO-8859-1 text, decoded.
    expect(places.map((place) => place.name)).toContain('São Paulo');
  });

  it('bundles the large airports of OurAirports with their IATA codes', () => {
    const { airports } = bundled();
    expect(airports).toHaveLength(463);
    // OurAirports' row LFPG: 49.012798 N, 2.55 E.
    expect(airports.find((airport) => airport.iata === 'CDG')).toEqual({
      name: 'Charles de Gaulle International Airport',
      iata: 'CDG',
      longitude: 2.55,
      latitude: 49.0128,
    });
    for (const { longitude, latitude } of airports) {
      expect(Math.abs(longitude)).toBeLessThanOrEqual(180);
      expect(Math.abs(latitude)).toBeLessThanOrEqual(90);
    }
  });
});
