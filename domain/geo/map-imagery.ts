/*
 * Online imagery for the map's globe: an OpenStreetMap-style tile template (http or https, with
 * {z}, {x} and {y}) set by the server's MAP_TILE_URL and told to the browser by GET /api/map/imagery.
 * The CSP allows that template's origin and no other; with none set, or offline, the globe shows
 * the NaturalEarthII imagery Cesium ships.
 */
import { z } from 'zod';

export const MapTileUrlSchema = z
  .string()
  .refine((text) => /^https?:\/\/[^/{}\s]+\//i.test(text), { error: 'must start with http:// or https:// and a host' })
  .refine((text) => ['{z}', '{x}', '{y}'].every((part) => text.includes(part)), {
    error: 'must contain {z}, {x} and {y}',
  })
  .refine((text) => !/\{(?![zxy]\})/.test(text), { error: 'may contain no placeholder but {z}, {x} and {y}' })
  .refine((text) => URL.canParse(text.replaceAll(/\{[zxy]\}/g, '0')), {
    error: 'must be a valid address once {z}, {x} and {y} are filled in',
  });

/** The origin (scheme, host, port) a tile template loads from, for the CSP. */
export function tileOrigin(template: string): string {
  return new URL(template.replaceAll(/\{[zxy]\}/g, '0')).origin;
}

export const MapImageryAnswerSchema = z.object({
  tileUrl: MapTileUrlSchema.nullable().describe(
    'the tile template of the online imagery; null: the bundled NaturalEarthII only',
  ),
});
