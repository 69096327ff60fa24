/*
 * One row of a geo CSV read as a point by the identified columns, or the reason it is invalid
 * (latitude out of range, a time that is not a date of section 5, no position fix, ...). Times
 * follow spec section 5 in the map's default zone; a time-of-day column takes the date from the
 * timestamp column when that holds only a date, else from the default year-month-day.
 * NOTE: this runs once per row of files with millions of rows: no closures or objects beyond the
 * point itself, column indexes looked up once (geoRules), numbers read by Number() with the strict
 * grammar checked only where Number() is laxer than it.
 */
import { shorten, timeReason } from '../import/parse-event-time.ts';
import type { GeoPoint, InvalidGeoItem } from './geo-point.ts';
import { columnsByKind, type GeoColumn, type IdentifiedColumns, type MapSettings } from './geo-settings.ts';
import { coordinateDegrees, decimalCommaNumber } from './coordinate-text.ts';
import { measureOf, type MeasureKind } from './measure-cell.ts';
import type { GeoTimeReader } from './geo-time-reader.ts';
import { gpsWeekMicros } from './gps-time.ts';
import { expandClock, expandDate } from './compact-date-time.ts';
import { withHemisphere } from './hemisphere-columns.ts';

type RuleSettings = Pick<
  MapSettings,
  'defaultDate' | 'numericUnit' | 'altitudeUnit' | 'coordinateUnit' | 'headingUnit' | 'dateOrder'
> & {
  readonly delimiter?: MapSettings['delimiter'] | undefined;
};

interface GeoRules {
  /** Column index per kind, -1 when the map has no such column. */
  readonly index: Readonly<Record<GeoColumn, number>>;
  /** The map's zone and numeric unit applied to a time text (geo-time-reader.ts). */
  readonly times: GeoTimeReader;
  readonly settings: RuleSettings;
  /** Reads local date-times as if UTC, for rows whose utc_offset column makes them instants. */
  readonly utcTimes: GeoTimeReader | undefined;
  /** Degrees per unit of a coordinate cell (1 unless the map counts 1e-7 degrees or semicircles). */
  readonly degreesPerUnit: number;
  /** Metres per unit of an altitude cell. */
  readonly metresPerUnit: number;
  /** The instant an elapsed_milliseconds count starts from, set by the first point (the one state kept). */
  readonly elapsed: { startMicros: number; lastMilliseconds: number };
}

const DEGREES_PER_UNIT = { degrees: 1, 'degrees-e7': 1e-7, semicircles: 180 / 2 ** 31 } as const;
const METRES_PER_UNIT = { metres: 1, feet: 0.3048, millimetres: 0.001 } as const;

export function geoRules(
  identifiedColumns: IdentifiedColumns,
  times: GeoTimeReader,
  settings: RuleSettings,
  utcTimes?: GeoTimeReader,
): GeoRules {
  const byKind = columnsByKind(identifiedColumns);
  const at = (kind: GeoColumn) => byKind[kind] ?? -1;
  const index = {
    timestamp: at('timestamp'),
    hour_minute_second: at('hour_minute_second'),
    actor: at('actor'),
    latitude: at('latitude'),
    longitude: at('longitude'),
    altitude: at('altitude'),
    heading: at('heading'),
    pitch: at('pitch'),
    roll: at('roll'),
    position: at('position'),
    date: at('date'),
    utc_offset: at('utc_offset'),
    elapsed_milliseconds: at('elapsed_milliseconds'),
    latitude_hemisphere: at('latitude_hemisphere'),
    longitude_hemisphere: at('longitude_hemisphere'),
  };
  return {
    index,
    times,
    settings,
    utcTimes,
    degreesPerUnit: DEGREES_PER_UNIT[settings.coordinateUnit ?? 'degrees'],
    metresPerUnit: METRES_PER_UNIT[settings.altitudeUnit],
    elapsed: { startMicros: Number.NaN, lastMilliseconds: Number.NaN },
  };
}

// Exact doubles (every power of ten up to 1e22 is).
const POWERS_OF_TEN = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15];
const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const GPS_WEEK = /^\d{1,4}$/;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const TIME_OF_DAY = /^\d{1,2}:\d{2}:\d{2}(\.\d{1,6})?( [AaPp][Mm])?$/;

/** The trimmed cell of a column, undefined when the map has no such column. */
function cellAt(fields: readonly string[], index: number): string | undefined {
  return index < 0 ? undefined : (fields[index] ?? '').trim();
}

/**
 * A plain decimal ("-12.345", up to 15 digits, no exponent) read exactly as Number() reads it: the
 * digits make an integer below 2^53 and one division by an exact power of ten rounds once, correctly
 * (Clinger's fast path). undefined for any other text.
 */
function plainDecimal(text: string): number | undefined {
  let at = 0;
  const sign = text.charCodeAt(0);
  if (sign === 45 || sign === 43) at = 1;
  let mantissa = 0;
  let digitCount = 0;
  let fractionDigits = -1;
  for (; at < text.length; at += 1) {
    const code = text.charCodeAt(at);
    if (code >= 48 && code <= 57) {
      mantissa = mantissa * 10 + code - 48;
      digitCount += 1;
      if (fractionDigits >= 0) fractionDigits += 1;
    } else if (code === 46 && fractionDigits < 0) {
      fractionDigits = 0;
    } else {
      return undefined;
    }
  }
  if (digitCount === 0 || digitCount > 15) return undefined;
  const value = fractionDigits > 0 ? mantissa / POWERS_OF_TEN[fractionDigits]! : mantissa;
  return sign === 45 ? -value : value;
}

/**
 * The number a trimmed, non-empty text holds by NUMBER's grammar, else NaN. Number() accepts all of
 * that grammar and, beyond it, only radix prefixes (0x, 0o, 0b) and Infinity, so those alone are
 * checked against the grammar (which also takes "1e999", read as Infinity as before).
 */
export function numberOf(text: string): number {
  const plain = plainDecimal(text);
  if (plain !== undefined) return plain;
  const value = Number(text);
  if (value - value === 0) {
    const second = text.charCodeAt(1) | 32;
    if (second !== 120 && second !== 111 && second !== 98) return value;
  }
  return NUMBER.test(text) ? Number(text) : Number.NaN;
}

// Whether the last optionalNumber read a unit from its cell (one module slot, so no object per row).
const withUnit = { last: false };

/**
 * A number of the cell, null when the column is absent or the cell empty, or a reason. A number
 * written with its unit ("3.0 m", "90°") comes back in metres or degrees, and withUnit.last says so.
 */
function optionalNumber(
  fields: readonly string[],
  index: number,
  kind: MeasureKind,
  decimalComma: boolean,
): number | null | string {
  withUnit.last = false;
  const text = cellAt(fields, index);
  if (text === undefined || text === '') return null;
  let value = numberOf(text);
  if (Number.isNaN(value) && decimalComma) value = decimalCommaNumber(text);
  if (!Number.isNaN(value)) return value;
  const measured = measureOf(text, kind, decimalComma);
  if (measured === undefined) return `${kind} '${shorten(text)}' is not a number`;
  if (typeof measured === 'number') withUnit.last = true;
  return measured;
}

/** A WKT point, as GDAL and QGIS write a CSV's geometry column: "POINT (4.8951 52.3702)", "POINT Z (… …  2.5)". */
export const WKT_POINT =
  /^POINT\s*Z?M?\s*\(\s*([+-]?[\d.]+(?:[eE][+-]?\d+)?)\s+([+-]?[\d.]+(?:[eE][+-]?\d+)?)(?:\s+[+-]?[\d.eE+-]+){0,2}\s*\)$/i;

const UTC_OFFSET = /^(?:UTC|GMT|Z)?\s*([+-])(\d{1,2})(?::?(\d{2}))?$/i;

/** An offset cell ("-05:00", "+0530", "UTC-5") in seconds east of UTC, or undefined. */
export function offsetSeconds(text: string): number | undefined {
  if (/^(?:Z|UTC|GMT)$/i.test(text)) return 0;
  const match = UTC_OFFSET.exec(text);
  if (match === null) return undefined;
  const hours = Number(match[2]);
  const minutes = Number(match[3] ?? '0');
  if (hours > 18 || minutes > 59) return undefined;
  return (match[1] === '-' ? -1 : 1) * (hours * 3600 + minutes * 60);
}

/** A date cell and a time-of-day cell as one instant, local to the zone or to the row's utc_offset. */
function dateAndClock(
  fields: readonly string[],
  rules: GeoRules,
  dateCell: string,
  clockCell: string,
): number | string {
  if (dateCell === '') return 'date is empty';
  // A week number (1-4 digits, never a date) beside a number is GPS time: detection pairs them by name.
  if (GPS_WEEK.test(dateCell) && NUMBER.test(clockCell))
    return gpsWeekMicros(
      Number(dateCell),
      Number(clockCell),
      rules.settings.numericUnit === 'seconds' ? 'seconds' : 'milliseconds',
    );
  // Loggers that copy NMEA write bare digits: "250724" and "173418".
  const date = expandDate(dateCell, rules.settings.dateOrder);
  const clock = expandClock(clockCell);
  if (!TIME_OF_DAY.test(clock)) return `hour_minute_second '${shorten(clock)}' is not a time of day as HH:mm:ss`;
  const text = `${date} ${/^\d:/.test(clock) ? `0${clock}` : clock}`;
  const offsetText = cellAt(fields, rules.index.utc_offset);
  if (offsetText === undefined || rules.utcTimes === undefined)
    return rules.times.read(text) ?? `date and time '${shorten(text)}' are not a date and time of day`;
  const offset = offsetSeconds(offsetText);
  if (offset === undefined) return `utc_offset '${shorten(offsetText)}' is not an offset from UTC like -05:00`;
  const local = rules.utcTimes.read(text);
  return local === undefined
    ? `date and time '${shorten(text)}' are not a date and time of day`
    : local - offset * 1_000_000;
}

// NOTE: Flightradar24's granular web data writes the milliseconds after the zone ("07:41:03Z.515").
const FRACTION_AFTER_ZONE = /^(.*\d)Z\.(\d{1,9})$/;

/** "07:41:03Z.515" as "07:41:03.515Z", or undefined when the text is not so written. */
export function fractionBeforeZone(stamp: string): string | undefined {
  const match = FRACTION_AFTER_ZONE.exec(stamp);
  return match === null ? undefined : `${match[1]}.${match[2]}Z`;
}

function fractionAfterZone(stamp: string, rules: GeoRules): number | undefined {
  const moved = fractionBeforeZone(stamp);
  return moved === undefined ? undefined : rules.times.read(moved);
}

function timeOf(fields: readonly string[], rules: GeoRules): number | string {
  const dateCell = cellAt(fields, rules.index.date);
  const clockCell = cellAt(fields, rules.index.hour_minute_second);
  if (dateCell !== undefined && clockCell !== undefined) return dateAndClock(fields, rules, dateCell, clockCell);
  const stamp = cellAt(fields, rules.index.timestamp);
  const clock = cellAt(fields, rules.index.hour_minute_second);
  const { numericUnit, defaultDate } = rules.settings;
  if (clock !== undefined) {
    const date =
      stamp !== undefined && DATE_ONLY.test(stamp)
        ? stamp
        : stamp === undefined || stamp === ''
          ? defaultDate
          : undefined;
    if (date !== undefined) {
      if (date === null) return 'has only a time of day and the map has no default year-month-day';
      if (!TIME_OF_DAY.test(clock)) return `hour_minute_second '${shorten(clock)}' is not a time of day as HH:mm:ss`;
      const text = `${date} ${clock.length === 7 || /^\d:/.test(clock) ? `0${clock}` : clock}`;
      return rules.times.read(text) ?? `time '${shorten(text)}' is not a date in a format of section 5`;
    }
  }
  if (stamp === undefined) return 'has no time';
  return (
    rules.times.read(stamp) ??
    fractionAfterZone(stamp, rules) ??
    `timestamp ${timeReason(stamp, numericUnit === 'fit-seconds' ? 'seconds' : numericUnit)}`
  );
}

/**
 * The instant of a row whose timestamp holds whole seconds and whose elapsed_milliseconds column counts
 * from the recording's start: the start is the first point's second less its count (as AirData's own
 * GPX of the same flight dates its points), and every later point is that start plus its count, so ten
 * rows in one second are 100 ms apart. A count that goes back is a new recording, started again.
 */
function elapsedTime(fields: readonly string[], rules: GeoRules, stampMicros: number): number | string {
  const text = cellAt(fields, rules.index.elapsed_milliseconds);
  if (text === undefined) return stampMicros;
  const milliseconds = numberOf(text);
  if (!(milliseconds >= 0))
    return `elapsed_milliseconds '${shorten(text)}' is not a count of milliseconds since the start`;
  // A timestamp that has its own fraction needs none.
  if (stampMicros % 1_000_000 !== 0) return stampMicros;
  const { elapsed } = rules;
  if (Number.isNaN(elapsed.startMicros) || milliseconds < elapsed.lastMilliseconds)
    elapsed.startMicros = stampMicros - Math.round(milliseconds * 1000);
  elapsed.lastMilliseconds = milliseconds;
  return elapsed.startMicros + Math.round(milliseconds * 1000);
}

/** A plain decimal on the fast path; otherwise a coordinate as people write it (coordinate-text.ts). */
function numberOrCoordinate(text: string, axis: 'latitude' | 'longitude', decimalComma: boolean): number {
  const plain = numberOf(text);
  return Number.isNaN(plain) ? coordinateDegrees(text, axis, decimalComma) : plain;
}

/** The reason the position is invalid, or undefined when latitude and longitude are fine. */
function positionReason(
  latitudeText: string | undefined,
  longitudeText: string | undefined,
  latitude: number,
  longitude: number,
  degreesPerUnit: number,
): string | undefined {
  if (latitudeText === undefined || latitudeText === '') return 'latitude is empty';
  if (longitudeText === undefined || longitudeText === '') return 'longitude is empty';
  if (Number.isNaN(latitude))
    return `latitude '${shorten(latitudeText)}' is not a number of degrees (such as 47.61 or 47°36'36"N)`;
  if (Number.isNaN(longitude))
    return `longitude '${shorten(longitudeText)}' is not a number of degrees (such as -122.33 or 122°19'48"W)`;
  const scaled = degreesPerUnit === 1 ? '' : ` (${latitude} degrees)`;
  if (latitude < -90 || latitude > 90) return `latitude ${latitudeText}${scaled} is out of range (-90 to 90)`;
  if (longitude < -180 || longitude > 180)
    return `longitude ${longitudeText}${degreesPerUnit === 1 ? '' : ` (${longitude} degrees)`} is out of range (-180 to 180)`;
  // NOTE: receivers without a fix write 0,0 (the AirData fixture's first rows): a point in the Gulf
  // of Guinea would drag every track there.
  if (latitude === 0 && longitude === 0) return 'has no position fix (latitude and longitude both 0)';
  return undefined;
}

export function geoRecord(line: number, fields: readonly string[], rules: GeoRules): GeoPoint | InvalidGeoItem {
  const { index } = rules;
  let latitudeText = cellAt(fields, index.latitude);
  let longitudeText = cellAt(fields, index.longitude);
  const position = cellAt(fields, index.position);
  const wkt = position === undefined ? null : WKT_POINT.exec(position);
  if (wkt !== null) {
    // WKT writes x before y: longitude, then latitude.
    [, longitudeText, latitudeText] = wkt;
  } else if (position !== undefined) {
    const shape = /^([A-Z]+)\s*Z?M?\s*\(/i.exec(position)?.[1];
    if (shape !== undefined)
      return {
        line,
        reason: `position is a WKT ${shape.toUpperCase()}, not a POINT: a WKT column gives its points only`,
      };
    const parts = position.split(/[,;\s]+/).filter((part) => part !== '');
    if (parts.length !== 2) return { line, reason: `position '${shorten(position)}' is not "latitude,longitude"` };
    [latitudeText, longitudeText] = parts;
  }
  // Columns split by something other than commas may hold decimal commas ("47,61").
  const decimalComma = rules.settings.delimiter !== undefined && rules.settings.delimiter !== 'comma';
  let latitude =
    latitudeText === undefined || latitudeText === ''
      ? Number.NaN
      : numberOrCoordinate(latitudeText, 'latitude', decimalComma);
  let longitude =
    longitudeText === undefined || longitudeText === ''
      ? Number.NaN
      : numberOrCoordinate(longitudeText, 'longitude', decimalComma);
  const { degreesPerUnit } = rules;
  // Divided, not multiplied, for 1e7: 473977418 / 1e7 is the double nearest 47.3977418, as written.
  if (degreesPerUnit === 1e-7) {
    latitude /= 1e7;
    longitude /= 1e7;
  } else if (degreesPerUnit !== 1) {
    latitude *= degreesPerUnit;
    longitude *= degreesPerUnit;
  }
  const reason = positionReason(latitudeText, longitudeText, latitude, longitude, degreesPerUnit);
  if (reason !== undefined) return { line, reason };
  if (index.latitude_hemisphere >= 0 || index.longitude_hemisphere >= 0) {
    const north = withHemisphere(latitude, cellAt(fields, index.latitude_hemisphere), 'latitude');
    if (typeof north === 'string') return { line, reason: north };
    const east = withHemisphere(longitude, cellAt(fields, index.longitude_hemisphere), 'longitude');
    if (typeof east === 'string') return { line, reason: east };
    latitude = north;
    longitude = east;
  }
  const stamp = timeOf(fields, rules);
  if (typeof stamp === 'string') return { line, reason: stamp };
  const altitude = optionalNumber(fields, index.altitude, 'altitude', decimalComma);
  if (typeof altitude === 'string') return { line, reason: altitude };
  // A cell that names its unit is in metres already, whatever the column's unit.
  const altitudeInMetres = withUnit.last;
  const headingCell = optionalNumber(fields, index.heading, 'heading', decimalComma);
  if (typeof headingCell === 'string') return { line, reason: headingCell };
  // MAVLink writes UINT16_MAX (65535) for a heading it does not know: the point stands without one.
  const heading =
    headingCell === null || rules.settings.headingUnit !== 'centidegrees' || withUnit.last
      ? headingCell
      : headingCell === 65_535
        ? null
        : headingCell / 100;
  const pitch = optionalNumber(fields, index.pitch, 'pitch', decimalComma);
  if (typeof pitch === 'string') return { line, reason: pitch };
  const roll = optionalNumber(fields, index.roll, 'roll', decimalComma);
  if (typeof roll === 'string') return { line, reason: roll };
  const timestamp = index.elapsed_milliseconds < 0 ? stamp : elapsedTime(fields, rules, stamp);
  if (typeof timestamp === 'string') return { line, reason: timestamp };
  return {
    line,
    timestamp,
    actor: cellAt(fields, index.actor) ?? '',
    latitude,
    longitude,
    altitude:
      altitude === null || rules.metresPerUnit === 1 || altitudeInMetres
        ? altitude
        : rules.metresPerUnit === 0.001
          ? altitude / 1000
          : altitude * rules.metresPerUnit,
    heading,
    pitch,
    roll,
  };
}
