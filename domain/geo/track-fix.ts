/*
 * One fix of a track format (GPX, KML, GeoJSON, IGC, NMEA) made a point, or the reason it cannot
 * be: the same range checks as a CSV row, and an untimed fix is an invalid row that says which
 * point of which track it is, never silently dropped.
 */
import { parseEventTime } from '../import/parse-event-time.ts';
import { parseOffsetDateTime } from '../import/parse-offset-date-time.ts';
import type { ZoneId } from '@js-joda/core';
import type { GeoPoint, InvalidGeoItem } from './geo-point.ts';

interface TrackFix {
  readonly line: number;
  readonly actor: string;
  readonly latitude: number;
  readonly longitude: number;
  readonly altitude: number | null;
  readonly heading: number | null;
  readonly pitch?: number | null;
  readonly roll?: number | null;
  /** Microseconds since the epoch; undefined when the fix has no time, a string when it has an unreadable one. */
  readonly timestamp: number | string | undefined;
  /** How the analyst finds this fix: 'point 17 of track "Morning run"'. */
  readonly label: string;
}

export type GeoItem = GeoPoint | InvalidGeoItem;

/** An ISO time with its own offset, else any time shape read in the map's zone. */
export function readTrackTime(text: string, zone: ZoneId): number | undefined {
  return parseOffsetDateTime(text) ?? parseEventTime(text, zone, 'seconds');
}

/** A point's time as read, or its text when unreadable (trackItem names it); none when empty. */
export function trackTime(text: string | undefined, zone: ZoneId): number | string | undefined {
  return text === undefined || text === '' ? undefined : (readTrackTime(text, zone) ?? text);
}

/** A number from a text field, null when empty or not a number. */
export function numberOrNull(text: string | undefined): number | null {
  if (text === undefined || text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

export function trackItem(fix: TrackFix): GeoItem {
  const { line, latitude, longitude, label } = fix;
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude))
    return { line, reason: `${label} has no readable latitude and longitude` };
  if (latitude < -90 || latitude > 90)
    return { line, reason: `${label}: latitude ${latitude} is out of range (-90 to 90)` };
  if (longitude < -180 || longitude > 180)
    return { line, reason: `${label}: longitude ${longitude} is out of range (-180 to 180)` };
  if (latitude === 0 && longitude === 0)
    return { line, reason: `${label} has no position fix (latitude and longitude both 0)` };
  if (fix.timestamp === undefined) return { line, reason: `${label} has no time` };
  if (typeof fix.timestamp === 'string')
    return { line, reason: `${label}: time '${fix.timestamp}' is not a date and time` };
  // Beyond what the points table holds (microseconds as a 64-bit integer, from 1970).
  if (!Number.isSafeInteger(fix.timestamp) || fix.timestamp < 0)
    return { line, reason: `${label}: its time is out of range (before 1970 or too far ahead)` };
  return {
    line,
    timestamp: fix.timestamp,
    actor: fix.actor,
    latitude,
    longitude,
    altitude: fix.altitude,
    heading: fix.heading,
    pitch: fix.pitch ?? null,
    roll: fix.roll ?? null,
  };
}

/** 'track "Morning run"', or 'track 2' when it has no name. */
export const named = (kind: string, name: string, number: number) =>
  name === '' ? `${kind} ${number}` : `${kind} "${name}"`;
