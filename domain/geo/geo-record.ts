/*
 * One row of a geo CSV read as a point by the identified columns, or the reason it is invalid
 * (latitude out of range, a time that is not a date of section 5, no position fix, ...). Times
 * follow spec section 5 in the map's default zone; a time-of-day column takes the date from the
 * timestamp column when that holds only a date, else from the default year-month-day.
 */
import type { ZoneId } from '@js-joda/core';
import { parseEventTime, shorten, timeReason } from '../import/parse-event-time.ts';
import type { GeoPoint, InvalidGeoItem } from './geo-point.ts';
import type { GeoColumn, MapSettings } from './geo-settings.ts';

export interface GeoRules {
  readonly byKind: Partial<Record<GeoColumn, number>>;
  readonly zone: ZoneId;
  readonly settings: Pick<MapSettings, 'defaultDate' | 'numericUnit' | 'altitudeUnit'>;
}

const FEET = 0.3048;
const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const TIME_OF_DAY = /^\d{1,2}:\d{2}:\d{2}(\.\d{1,6})?( [AaPp][Mm])?$/;

type Cell = (kind: GeoColumn) => string | undefined;

/** A number of the cell, null when the column is absent or the cell empty, or a reason. */
function optionalNumber(cell: Cell, kind: GeoColumn): number | null | string {
  const text = cell(kind);
  if (text === undefined || text === '') return null;
  if (!NUMBER.test(text)) return `${kind} '${shorten(text)}' is not a number`;
  return Number(text);
}

function timeOf(cell: Cell, rules: GeoRules): number | string {
  const stamp = cell('timestamp');
  const clock = cell('hour_minute_second');
  const { numericUnit, defaultDate } = rules.settings;
  if (clock !== undefined) {
    const date = stamp !== undefined && DATE_ONLY.test(stamp) ? stamp : stamp === undefined || stamp === '' ? defaultDate : undefined;
    if (date !== undefined) {
      if (date === null) return 'has only a time of day and the map has no default year-month-day';
      if (!TIME_OF_DAY.test(clock)) return `hour_minute_second '${shorten(clock)}' is not a time of day as HH:mm:ss`;
      const text = `${date} ${clock.length === 7 || /^\d:/.test(clock) ? `0${clock}` : clock}`;
      return parseEventTime(text, rules.zone, numericUnit) ?? `time '${shorten(text)}' is not a date in a format of section 5`;
    }
  }
  if (stamp === undefined) return 'has no time';
  return parseEventTime(stamp, rules.zone, numericUnit) ?? `timestamp ${timeReason(stamp, numericUnit)}`;
}

function positionOf(cell: Cell): { latitude: number; longitude: number } | string {
  let latitudeText = cell('latitude');
  let longitudeText = cell('longitude');
  const position = cell('position');
  if (position !== undefined) {
    const parts = position.split(/[,;\s]+/).filter((part) => part !== '');
    if (parts.length !== 2) return `position '${shorten(position)}' is not "latitude,longitude"`;
    [latitudeText, longitudeText] = parts;
  }
  if (latitudeText === undefined || latitudeText === '') return 'latitude is empty';
  if (longitudeText === undefined || longitudeText === '') return 'longitude is empty';
  if (!NUMBER.test(latitudeText)) return `latitude '${shorten(latitudeText)}' is not a number`;
  if (!NUMBER.test(longitudeText)) return `longitude '${shorten(longitudeText)}' is not a number`;
  const latitude = Number(latitudeText);
  const longitude = Number(longitudeText);
  if (latitude < -90 || latitude > 90) return `latitude ${latitudeText} is out of range (-90 to 90)`;
  if (longitude < -180 || longitude > 180) return `longitude ${longitudeText} is out of range (-180 to 180)`;
  // NOTE: receivers without a fix write 0,0 (the AirData fixture's first rows): a point in the Gulf
  // of Guinea would drag every track there.
  if (latitude === 0 && longitude === 0) return 'has no position fix (latitude and longitude both 0)';
  return { latitude, longitude };
}

export function geoRecord(line: number, fields: readonly string[], rules: GeoRules): GeoPoint | InvalidGeoItem {
  const cell: Cell = (kind) => {
    const index = rules.byKind[kind];
    return index === undefined ? undefined : (fields[index] ?? '').trim();
  };
  const position = positionOf(cell);
  if (typeof position === 'string') return { line, reason: position };
  const timestamp = timeOf(cell, rules);
  if (typeof timestamp === 'string') return { line, reason: timestamp };
  const altitude = optionalNumber(cell, 'altitude');
  if (typeof altitude === 'string') return { line, reason: altitude };
  const heading = optionalNumber(cell, 'heading');
  if (typeof heading === 'string') return { line, reason: heading };
  const pitch = optionalNumber(cell, 'pitch');
  if (typeof pitch === 'string') return { line, reason: pitch };
  const roll = optionalNumber(cell, 'roll');
  if (typeof roll === 'string') return { line, reason: roll };
  return {
    line,
    timestamp,
    actor: cell('actor') ?? '',
    ...position,
    altitude: altitude === null ? null : rules.settings.altitudeUnit === 'feet' ? altitude * FEET : altitude,
    heading,
    pitch,
    roll,
  };
}
