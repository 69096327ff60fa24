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
 * (Flightradar24 exports write it so); it stands for both latitude and longitude. `date` is a calendar
 * date read with the hour_minute_second column as one instant (avionics logs split them), and
 * `utc_offset` a per-row offset ("-05:00") that makes such a local date and time an instant.
 * `elapsed_milliseconds` counts milliseconds since the recording began (AirData's DJI CSV writes
 * "time(millisecond)" at 10 Hz beside a "datetime(utc)" of whole seconds): it gives the timestamp
 * column's whole seconds their fraction. `latitude_hemisphere` and `longitude_hemisphere` hold the N/S and
 * E/W letters of unsigned degrees (hemisphere-columns.ts).
 */
export const GEO_COLUMNS = [
  'timestamp',
  'hour_minute_second',
  'actor',
  'latitude',
  'longitude',
  'altitude',
  'heading',
  'pitch',
  'roll',
  'position',
  'date',
  'utc_offset',
  'elapsed_milliseconds',
  'latitude_hemisphere',
  'longitude_hemisphere',
] as const;
export type GeoColumn = (typeof GEO_COLUMNS)[number];

// The spec's tab and comma, and the semicolon of tools whose numbers have a decimal comma.
export const MAP_DELIMITERS = ['comma', 'tab', 'semicolon'] as const;
// fit-seconds: Garmin FIT's own count, seconds since 1989-12-31T00:00:00Z, as fitdump and fitparse
// write a record's timestamp when they do not convert it.
export const MAP_NUMERIC_UNITS = ['seconds', 'milliseconds', 'microseconds', 'nanoseconds', 'fit-seconds'] as const;
export type MapNumericUnit = (typeof MAP_NUMERIC_UNITS)[number];
/**
 * How a latitude or longitude cell counts degrees: as written, as integers of 1e-7 degrees (MAVLink,
 * older PX4 logs, Google's latitudeE7), or as Garmin FIT's semicircles (2^31 of them to 180 degrees).
 */
export const MAP_COORDINATE_UNITS = ['degrees', 'degrees-e7', 'semicircles'] as const;
export type MapCoordinateUnit = (typeof MAP_COORDINATE_UNITS)[number];
// Millimetres: the integer altitudes of MAVLink and PX4 beside their 1e7 coordinates.
export const MAP_ALTITUDE_UNITS = ['metres', 'feet', 'millimetres'] as const;
// Centidegrees: MAVLink's hdg and cog (GLOBAL_POSITION_INT, GPS_RAW_INT), 0..35999, 65535 when unknown.
export const MAP_HEADING_UNITS = ['degrees', 'centidegrees'] as const;
export type MapHeadingUnit = (typeof MAP_HEADING_UNITS)[number];
export type MapDelimiter = (typeof MAP_DELIMITERS)[number];
// Month first (section 5's reading of "05/03/2024") or day first (Excel in a European locale).
export const MAP_DATE_ORDERS = ['mdy', 'dmy', 'ymd'] as const;
export type MapDateOrder = (typeof MAP_DATE_ORDERS)[number];
const DELIMITER_CHARS = { comma: ',', tab: '\t', semicolon: ';' } as const;
export const delimiterChar = (delimiter: MapDelimiter): ',' | '\t' | ';' => DELIMITER_CHARS[delimiter];

const MAX_COLUMNS = 1000;
const YEAR_MONTH_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** identifiedColumns: column index (as JSON keys are strings) → column kind; each kind at most once. */
const IdentifiedColumnsSchema = z
  .record(z.string().regex(/^\d{1,4}$/, 'keys must be column indexes (0, 1, 2, …)'), z.enum(GEO_COLUMNS))
  .superRefine((columns, context) => {
    const seen = new Map<string, string>();
    for (const [index, kind] of Object.entries(columns)) {
      if (Number(index) >= MAX_COLUMNS)
        context.addIssue({
          code: 'custom',
          message: `column ${index} is past the last column a file may have (${MAX_COLUMNS})`,
        });
      const before = seen.get(kind);
      if (before !== undefined)
        context.addIssue({
          code: 'custom',
          message: `${kind} is given to columns ${before} and ${index}; a kind names one column`,
        });
      seen.set(kind, index);
    }
  });
export type IdentifiedColumns = z.infer<typeof IdentifiedColumnsSchema>;

/** How the file is read: delimited text by columns, or one of the track formats read by their own parser. */
export const GEO_FORMATS = [
  'csv',
  'gpx',
  'kml',
  'geojson',
  'igc',
  'nmea',
  'tcx',
  'adsb-trace',
  'location-history',
  'owntracks',
  'czml',
  'spot',
  'fit-csv',
  'plt',
] as const;
export type GeoFormat = (typeof GEO_FORMATS)[number];

/** What the chosen columns lack, in the analyst's words, or undefined when they make points. */
function missingColumnsReason(columns: IdentifiedColumns): string | undefined {
  const kinds = new Set(Object.values(columns));
  const hasPosition = kinds.has('position') || (kinds.has('latitude') && kinds.has('longitude'));
  if (!hasPosition) return 'the columns chosen need a latitude and a longitude (or one "lat,lon" position column)';
  if (kinds.has('position') && (kinds.has('latitude') || kinds.has('longitude')))
    return 'the columns chosen hold a position column as well as latitude or longitude: keep one of them';
  if (!kinds.has('timestamp') && !kinds.has('hour_minute_second'))
    return 'the columns chosen need a time: a timestamp column, or a time of day (with a date column or the default year-month-day)';
  if (kinds.has('elapsed_milliseconds') && !kinds.has('timestamp'))
    return 'the columns chosen count milliseconds since the start but have no timestamp column to count them from';
  if (kinds.has('date') && !kinds.has('hour_minute_second'))
    return 'the columns chosen have a date column but no time of day (hour_minute_second) to go with it';
  return undefined;
}

export const MapSettingsSchema = z
  .object({
    /** Older maps were all CSV and stored no format. */
    format: z.enum(GEO_FORMATS).default('csv'),
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
    /**
     * How a plain number in the timestamp column reads (section 5: seconds when so configured);
     * milliseconds and nanoseconds for the epoch times phone loggers and trackers write (13 and 19
     * digits today).
     */
    numericUnit: z.enum(MAP_NUMERIC_UNITS),
    /**
     * The altitude column's unit; detected from its header ("(feet)", "ft") or, for millimetres, from
     * integer altitudes beside 1e7 coordinates; stored in metres.
     */
    altitudeUnit: z.enum(MAP_ALTITUDE_UNITS),
    /** Absent means degrees (older maps stored none, and track formats name their own units). */
    coordinateUnit: z.enum(MAP_COORDINATE_UNITS).optional(),
    /**
     * How a date written with slashes or dashes and two small numbers first ("05/03/2024") reads:
     * absent means month first (section 5); day first for a European spreadsheet's export.
     */
    dateOrder: z.enum(MAP_DATE_ORDERS).optional(),
    /** Absent means degrees; centidegrees for MAVLink's whole hundredths of a degree. */
    headingUnit: z.enum(MAP_HEADING_UNITS).optional(),
  })
  .superRefine((settings, context) => {
    // The track formats name their own fields; columns matter only for delimited text.
    if (formatOf(settings) !== 'csv') return;
    const reason = missingColumnsReason(settings.identifiedColumns);
    if (reason !== undefined) context.addIssue({ code: 'custom', path: ['identifiedColumns'], message: reason });
  });
/** As given: `format` may be absent (older maps and callers that predate it), which means 'csv'. */
export type MapSettings = z.input<typeof MapSettingsSchema>;
export const formatOf = (settings: Pick<MapSettings, 'format'>): GeoFormat => settings.format ?? 'csv';

export const MAP_SETTING_FIELDS = Object.keys(MapSettingsSchema.shape) as (keyof MapSettings)[];

/** Column index → kind as a lookup from kind to index. */
export function columnsByKind(columns: IdentifiedColumns): Partial<Record<GeoColumn, number>> {
  const byKind: Partial<Record<GeoColumn, number>> = {};
  for (const [index, kind] of Object.entries(columns)) byKind[kind] = Number(index);
  return byKind;
}

/** The file's base name without extension, as the map's first name. */
export function mapNameFromFile(fileName: string): string {
  const base = fileName
    .replace(/^.*[\\/]/, '')
    .replace(/\.[^.]*$/, '')
    .trim();
  return (base === '' ? 'Map' : base).slice(0, 200);
}
