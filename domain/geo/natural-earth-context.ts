/*
 * The offline context of the map's globe (public/natural-earth/context.json, written by
 * scripts/natural-earth.mjs): Natural Earth's coastlines and country borders as lines of quantized,
 * delta-coded integers, and what they decode to (longitude, latitude pairs in degrees); Natural
 * Earth's populated places and OurAirports' large airports as named points in degrees.
 */
import { z } from 'zod';

export const NATURAL_EARTH_CONTEXT_URL = '/natural-earth/context.json';

const EncodedLineSchema = z.array(z.number().int());
export const NaturalEarthFileSchema = z.object({
  source: z.string(),
  scale: z.tuple([z.number(), z.number()]),
  translate: z.tuple([z.number(), z.number()]),
  coastlines: z.array(EncodedLineSchema),
  borders: z.array(EncodedLineSchema),
  /** [name, longitude, latitude] */
  places: z.array(z.tuple([z.string(), z.number(), z.number()])),
  /** [name, IATA code ('' when it has none), longitude, latitude] */
  airports: z.array(z.tuple([z.string(), z.string(), z.number(), z.number()])),
});
export type NaturalEarthFile = z.infer<typeof NaturalEarthFileSchema>;

interface NamedPoint {
  name: string;
  longitude: number;
  latitude: number;
}

/** Lines as flat [longitude, latitude, …] arrays in degrees; places and airports as points. */
export interface NaturalEarthContext {
  coastlines: Float64Array[];
  borders: Float64Array[];
  places: NamedPoint[];
  airports: (NamedPoint & { iata: string })[];
}

function decodeLine(
  encoded: readonly number[],
  scale: readonly [number, number],
  translate: readonly [number, number],
): Float64Array {
  const line = new Float64Array(encoded.length - (encoded.length % 2));
  let [x, y] = [0, 0];
  for (let at = 0; at + 1 < encoded.length; at += 2) {
    x += encoded[at]!;
    y += encoded[at + 1]!;
    line[at] = x * scale[0] + translate[0];
    line[at + 1] = y * scale[1] + translate[1];
  }
  return line;
}

export function decodeNaturalEarth(file: NaturalEarthFile): NaturalEarthContext {
  const decode = (lines: readonly (readonly number[])[]) =>
    lines.filter((line) => line.length >= 4).map((line) => decodeLine(line, file.scale, file.translate));
  return {
    coastlines: decode(file.coastlines),
    borders: decode(file.borders),
    places: file.places.map(([name, longitude, latitude]) => ({ name, longitude, latitude })),
    airports: file.airports.map(([name, iata, longitude, latitude]) => ({ name, iata, longitude, latitude })),
  };
}
