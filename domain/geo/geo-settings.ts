/*
 * A map's settings (spec section 3, "Incident map"): colour, icon, name, default time zone, default
 * year-month-day for time-only columns, delimiter, header and preamble row counts, and the columns
 * identified by index. Shared by the server (POST /api/incident/{id}/map), the create-map view and
 * its worker, so all three read a file the same way.
 */
import { z } from 'zod';
import { SYMBOLS } from '../annotations.ts';
import { isKnownTimeZone } from '../time/time-zone-table.ts';

/**
 * The geo time series columns of section 3, plus `position`: one field holding "latitude,longitude"
 * (Flightradar24 exports write it so); it stands for both latitude and longitude.
 */
export const GEO_COLUMNS = ['timestamp', 'hour_minute_second', 'actor', 'latitude', 'longitude', 'altitude', 'heading', 'pitch', 'roll', 'position'] as const;
export type GeoColumn = (typeof GEO_COLUMNS)[number];

export const MAP_DELIMITERS = ['comma', 'tab'] as const;
export type MapDelimiter = (typeof MAP_DELIMITERS)[number];
export const delimiterChar = (delimiter: MapDelimiter): ',' | '\t' => (delimiter === 'tab' ? '\t' : ',');

export const MAX_COLUMNS = 1000;
const YEAR_MONTH_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** identifiedColumns: column index (as JSON keys are strings) → column kind; each kind at most once. */
export const IdentifiedColumnsSchema = z
  .record(z.string().regex(/^\d{1,4}$/, 'keys must be column indexes (0, 1, 2, …)'), z.enum(GEO_COLUMNS))
  .superRefine((columns, context) => {
    const seen = new Map<string, string>();
    for (const [index, kind] of Object.entries(columns)) {
      if (Number(index) >= MAX_COLUMNS) context.addIssue({ code: 'custom', message: `column ${index} is past the last column a file may have (${MAX_COLUMNS})` });
      const before = seen.get(kind);
      if (before !== undefined) context.addIssue({ code: 'custom', message: `${kind} is given to columns ${before} and ${index}; a kind names one column` });
      seen.set(kind, index);
    }
    const kinds = new Set(Object.values(columns));
    const hasPosition = kinds.has('position') || (kinds.has('latitude') && kinds.has('longitude'));
    if (!hasPosition) context.addIssue({ code: 'custom', message: 'needs a latitude and a longitude column (or one position column "lat,lon")' });
    if (kinds.has('position') && (kinds.has('latitude') || kinds.has('longitude'))) {
      context.addIssue({ code: 'custom', message: 'has a position column as well as latitude or longitude: keep one of them' });
    }
    if (!kinds.has('timestamp') && !kinds.has('hour_minute_second')) context.addIssue({ code: 'custom', message: 'needs a timestamp or an hour_minute_second column' });
  });
export type IdentifiedColumns = z.infer<typeof IdentifiedColumnsSchema>;

export const MapSettingsSchema = z.object({
  name: z.string().trim().min(1, 'is empty').max(200, 'must be at most 200 characters'),
  colour: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour as #rrggbb'),
  icon: z.enum(SYMBOLS),
  defaultTimeZone: z.string().refine(isKnownTimeZone, 'is not in the known zone table'),
  /** The date of rows that carry only a time of day (hour_minute_second), YYYY-MM-DD in the default zone. */
  defaultDate: z.string().regex(YEAR_MONTH_DAY, 'must be a year-month-day as YYYY-MM-DD').nullable(),
  delimiter: z.enum(MAP_DELIMITERS),
  headerRowCount: z.number().int().min(0).max(100),
  preambleRowCount: z.number().int().min(0).max(10_000),
  identifiedColumns: IdentifiedColumnsSchema,
  /** How a plain number in the timestamp column reads (section 5: seconds when so configured). */
  numericUnit: z.enum(['seconds', 'microseconds']),
  /** The altitude column's unit; detected from its header ("(feet)", "ft"), stored in metres. */
  altitudeUnit: z.enum(['metres', 'feet']),
});
export type MapSettings = z.infer<typeof MapSettingsSchema>;

export const MAP_SETTING_FIELDS = Object.keys(MapSettingsSchema.shape) as (keyof MapSettings)[];

/** Column index → kind as a lookup from kind to index. */
export function columnsByKind(columns: IdentifiedColumns): Partial<Record<GeoColumn, number>> {
  const byKind: Partial<Record<GeoColumn, number>> = {};
  for (const [index, kind] of Object.entries(columns)) byKind[kind] = Number(index);
  return byKind;
}
