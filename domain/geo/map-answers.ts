/*
 * The answers of the map calls (spec section 7), shared by the server (serialised through them) and
 * the browser (parsed through them). Points go as columns (one array per field, the actor as an
 * index into `actors`): a million points as objects would be several times the bytes.
 */
import { z } from 'zod';
import { SYMBOLS, UploadSchema } from '../annotations.ts';
import { GeoPointSchema, InvalidGeoItemSchema } from './geo-point.ts';
import { GEO_COLUMNS, MapSettingsSchema } from './geo-settings.ts';

const IncidentMapSchema = z.object({
  id: z.number().int(),
  incidentID: z.number().int(),
  name: z.string(),
  colour: z.string(),
  icon: z.enum(SYMBOLS),
  settings: MapSettingsSchema,
  upload: UploadSchema,
  identifiedColumns: z.record(z.string(), z.enum(GEO_COLUMNS)).describe('column index → geo column'),
  validPointCount: z.number().int(),
  invalidItemCount: z.number().int(),
  firstTimestamp: z.number().int().nullable(),
  lastTimestamp: z.number().int().nullable(),
  analystID: z.number().int().nullable(),
  createTimestamp: z.number().int(),
});
export type IncidentMap = z.infer<typeof IncidentMapSchema>;

const MapPointColumnsSchema = z.object({
  count: z.number().int(),
  actors: z.array(z.string()).describe('the distinct actors; actorIndexes point into it'),
  lines: z.array(z.number().int()),
  timestamps: z.array(z.number().int()).describe('microseconds since the epoch, ascending'),
  actorIndexes: z.array(z.number().int()),
  latitudes: z.array(z.number()),
  longitudes: z.array(z.number()),
  altitudes: z.array(z.number().nullable()).describe('metres'),
  headings: z.array(z.number().nullable()),
  pitches: z.array(z.number().nullable()),
  rolls: z.array(z.number().nullable()),
});
export type MapPointColumns = z.infer<typeof MapPointColumnsSchema>;

/** Columns with no point in them yet, to be filled in time order; `count` as the filler will have it. */
export function emptyMapPointColumns(count: number, actors: string[] = []): MapPointColumns {
  return {
    count,
    actors,
    lines: [],
    timestamps: [],
    actorIndexes: [],
    latitudes: [],
    longitudes: [],
    altitudes: [],
    headings: [],
    pitches: [],
    rolls: [],
  };
}

export const MAP_POINTS_PAGE_SIZE = 1000;
export const MAP_INVALID_LIST_LIMIT = 1000;

export const MapAnswerSchema = z.object({ map: IncidentMapSchema, version: z.string() });
/** Points per page when the points call is paged (limit), e.g. by the offline mirror. */
export const MAP_POINTS_MAX_LIMIT = 100_000;
export const MapPointsAnswerSchema = z.object({
  points: MapPointColumnsSchema,
  nextCursor: z
    .string()
    .nullable()
    .optional()
    .describe('with limit: where the next page starts (pass it as cursor), null after the last page'),
  version: z.string(),
});
export const MapPointsPageAnswerSchema = z.object({
  validPoints: z.array(GeoPointSchema).describe(`the first ${MAP_POINTS_PAGE_SIZE} points in time order`),
  validPointCount: z.number().int(),
  version: z.string(),
});
export const MapInvalidAnswerSchema = z.object({
  invalidItems: z.array(InvalidGeoItemSchema).describe(`the first ${MAP_INVALID_LIST_LIMIT} invalid rows by line`),
  invalidItemCount: z.number().int(),
  version: z.string(),
});
