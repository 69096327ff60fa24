/*
 * The units a geo CSV's numbers count in when they are not degrees and instants: a GPS week and time
 * of week (paired by name, checked by range), a count of milliseconds since the start (AirData), and
 * whole coordinates in 1e-7 degrees or FIT semicircles (decided by their range). detect-geo-settings.ts
 * asks; geo-record.ts applies the answer.
 */
import {
  ELAPSED_MILLISECOND_NAMES,
  GPS_MILLISECONDS_OF_WEEK_NAMES,
  GPS_TIME_OF_WEEK_NAMES,
  GPS_WEEK_NAMES,
} from './geo-column-names.ts';
import type { IdentifiedColumns, MapCoordinateUnit, MapHeadingUnit } from './geo-settings.ts';

const NUMBER = /^\s*[+-]?\d+(\.\d+)?\s*$/;
const SECONDS_PER_WEEK = 604_800;

/** A GPS week column: whole weeks since 1980-01-06 (ArduPilot and most receivers give the full count). */
export const isGpsWeek = (name: string, cells: readonly string[]) =>
  GPS_WEEK_NAMES.includes(name) && cells.every((cell) => /^\s*\d{1,4}\s*$/.test(cell));

/** A GPS time-of-week column: a number below a week of milliseconds (or seconds, by name and range). */
export function isGpsTimeOfWeek(name: string, cells: readonly string[]): boolean {
  if (!GPS_TIME_OF_WEEK_NAMES.includes(name)) return false;
  const limit = gpsTimeOfWeekUnit(name, cells) === 'milliseconds' ? SECONDS_PER_WEEK * 1000 : SECONDS_PER_WEEK;
  return cells.every((cell) => NUMBER.test(cell) && Number(cell) >= 0 && Number(cell) < limit);
}

export function gpsTimeOfWeekUnit(name: string, cells: readonly string[]): 'milliseconds' | 'seconds' {
  return GPS_MILLISECONDS_OF_WEEK_NAMES.includes(name) || cells.some((cell) => Number(cell) >= SECONDS_PER_WEEK)
    ? 'milliseconds'
    : 'seconds';
}

/** Whether an identified column is half of a GPS week and time-of-week pair (by its name). */
export function gpsWeekPair(identified: IdentifiedColumns, names: readonly string[], index: string) {
  const name = names[Number(index)] ?? '';
  if (identified[index] === 'date' && GPS_WEEK_NAMES.includes(name)) return 'week';
  if (identified[index] === 'hour_minute_second' && GPS_TIME_OF_WEEK_NAMES.includes(name)) return 'time';
  return undefined;
}

/**
 * A FIT-shaped file (a record's position_lat or position_long, as fitdump and fitparse name them)
 * whose "timestamp" holds whole seconds that a Unix reading puts before 2011 (under 1.3e9): FIT's
 * own count from 1989-12-31, written unconverted, which reads 2009 to 2031.
 */
export function isFitEpochTimestamp(name: string, cells: readonly string[], names: readonly string[]): boolean {
  if (name !== 'timestamp' || !names.some((each) => each === 'positionlat' || each === 'positionlong')) return false;
  const filled = cells.filter((cell) => cell.trim() !== '');
  return filled.length > 0 && filled.every((cell) => /^\s*\d{9,10}\s*$/.test(cell) && Number(cell) < 1.3e9);
}

const WHOLE = /^\s*[+-]?\d+\s*$/;
const CENTIDEGREE_NAMES = ['hdg', 'cog', 'heading', 'yaw'];

/**
 * Whether a heading column counts hundredths of a degree, as MAVLink's hdg and cog do: whole numbers
 * past 360 and up to 36000 (65535 is MAVLink's "unknown"), or a hdg or cog beside coordinates in
 * 1e-7 degrees (a GLOBAL_POSITION_INT or GPS_RAW_INT message, whatever its values).
 */
export function headingUnitOf(
  name: string,
  cells: readonly string[],
  coordinates: MapCoordinateUnit,
): { unit: MapHeadingUnit; why?: string } {
  const filled = cells.filter((cell) => cell.trim() !== '');
  if (!CENTIDEGREE_NAMES.includes(name) || filled.length === 0 || !filled.every((cell) => WHOLE.test(cell)))
    return { unit: 'degrees' };
  const values = filled.map(Number).filter((value) => value !== 65_535);
  const byRange = values.some((value) => value > 360) && values.every((value) => value >= 0 && value <= 36_000);
  const byMessage = coordinates === 'degrees-e7' && (name === 'hdg' || name === 'cog');
  return byRange || byMessage
    ? { unit: 'centidegrees', why: `heading "${name}" in hundredths of a degree (MAVLink's hdg and cog, 0 to 35999)` }
    : { unit: 'degrees' };
}
const SEMICIRCLES = 2 ** 31;

/**
 * Whether whole-number coordinates count degrees, 1e-7 degrees or FIT semicircles, decided by their
 * range (a latitude past 90 is no degree) and, between the two scaled units whose ranges overlap, by
 * a column that says semicircles (its name, FIT's position_lat) or values only semicircles reach.
 */
export function coordinateUnitOf(
  columns: readonly string[],
  latitudes: readonly string[],
  longitudes: readonly string[],
  indexes: readonly (string | undefined)[],
): { unit: MapCoordinateUnit; why?: string } {
  const cells = [...latitudes, ...longitudes].filter((cell) => cell.trim() !== '');
  if (cells.length === 0 || !cells.every((cell) => WHOLE.test(cell))) return { unit: 'degrees' };
  // The middle of the rows without a fix left out (0,0), so one damaged row decides nothing.
  const middle = (texts: readonly string[]) => {
    const sizes = texts
      .map((cell) => Math.abs(Number(cell)))
      .filter((size) => size > 0)
      .sort((one, other) => one - other);
    return sizes[Math.floor((sizes.length - 1) / 2)] ?? 0;
  };
  const lat = middle(latitudes);
  const lon = middle(longitudes);
  // Scaled coordinates are large: 0.01 degree is 100,000 of them. Small whole numbers past 90 or 180
  // ("95, 200") are degrees out of range, and the analyst is told so.
  if ((lat <= 90 && lon <= 180) || Math.max(lat, lon) < 100_000) return { unit: 'degrees' };
  const names = indexes.map((index) => (index === undefined ? '' : (columns[Number(index)] ?? '').toLowerCase()));
  const namedSemicircles = names.some(
    (name) => name.includes('semicircle') || /position_?(lat|long?)$/.test(name.replace(/\W+$/, '')),
  );
  if (namedSemicircles || (lat <= SEMICIRCLES / 2 && lon < SEMICIRCLES && (lat > 9e8 || lon > 1.8e9)))
    return { unit: 'semicircles', why: 'coordinates in semicircles (Garmin FIT: 2^31 to 180 degrees)' };
  if (lat <= 9e8 && lon <= 1.8e9)
    return { unit: 'degrees-e7', why: 'coordinates in whole 1e-7 degrees (their values past 90 and 180 say so)' };
  return { unit: 'degrees' };
}

const WHOLE_SECONDS = /^\s*\d{4}-\d{1,2}-\d{1,2}[T ]\d{1,2}:\d{2}:\d{2}\s*(Z|UTC)?\s*$/i;

/**
 * A column counting milliseconds since the start (by its name and its whole numbers) beside a timestamp column of whole seconds that several rows share: AirData's 10 Hz rows.
 */
export function elapsedMillisecondsColumn(
  columns: readonly string[],
  sampleRows: readonly (readonly string[])[],
  identified: IdentifiedColumns,
  taken: ReadonlySet<number>,
): number | undefined {
  const stampIndex = Object.keys(identified).find((index) => identified[index] === 'timestamp');
  if (stampIndex === undefined) return undefined;
  const stamps = sampleRows.map((row) => row[Number(stampIndex)] ?? '');
  if (stamps.length < 2 || !stamps.every((cell) => WHOLE_SECONDS.test(cell))) return undefined;
  if (new Set(stamps.map((cell) => cell.trim())).size === stamps.length) return undefined;
  const index = columns.findIndex(
    (name, at) => !taken.has(at) && ELAPSED_MILLISECOND_NAMES.includes(name.toLowerCase().replace(/[^a-z0-9]/g, '')),
  );
  if (index === -1) return undefined;
  // Most cells whole numbers: one damaged cell is that row's reason, not the column's undoing.
  const counts = sampleRows.map((row) => (row[index] ?? '').trim());
  const whole = counts.filter((cell) => /^\d+$/.test(cell)).length;
  return whole >= 2 && whole * 5 >= counts.length * 4 ? index : undefined;
}
