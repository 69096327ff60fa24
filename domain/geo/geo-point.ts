/*
 * One valid row of a geo CSV (a point of a track) and one invalid row with its line and reason.
 * Times are microseconds since the epoch like every timestamp; altitude in metres; angles in degrees.
 */
import { z } from 'zod';

export const GeoPointSchema = z.object({
  line: z.number().int(),
  timestamp: z.number().int(),
  actor: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  altitude: z.number().nullable(),
  heading: z.number().nullable(),
  pitch: z.number().nullable(),
  roll: z.number().nullable(),
});
export type GeoPoint = z.infer<typeof GeoPointSchema>;

export const InvalidGeoItemSchema = z.object({ line: z.number().int(), reason: z.string() });
export type InvalidGeoItem = z.infer<typeof InvalidGeoItemSchema>;
