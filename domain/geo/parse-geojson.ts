/*
 * GeoJSON with times, streamed feature by feature (@streamparser/json drops each feature once read,
 * so memory follows one feature, not the file). Times come from, in order: togeojson's
 * properties.coordTimes / properties.times (one per vertex, nested per line of a MultiLineString),
 * a 4th coordinate element (epoch seconds, milliseconds or microseconds by magnitude), or, for a
 * Point, a time/timestamp/datetime/date/when property, else any property named like a time. A
 * feature without a point or line geometry is an invalid item, not silently left out. Overland's
 * batches hold their Point features under "locations" instead of "features"; GeoJSON text sequences
 * (geojson-sequence.ts) are read a text at a time. JSON carries no line numbers, so an invalid
 * item's line is the feature's number, and its reason says "feature 3, point 5".
 */
import { JSONParser } from '@streamparser/json';
import type { ZoneId } from '@js-joda/core';
import { ImportError } from '../import/import-error.ts';
import { geoJsonStart } from './geojson-sequence.ts';
import { jsonStreamItems } from './json-stream-items.ts';
import { readTrackTime, trackItem, type GeoItem } from './track-fix.ts';

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

// tst: OwnTracks' epoch seconds.
const TIME_PROPERTIES = ['time', 'timestamp', 'datetime', 'date_time', 'date', 'when', 'utc', 'ts', 'tst'];
// Other names trackers and databases give a time: gps_time, time_long, recorded_at, DateTimeUTC.
const TIME_NAME = /time|date|_at$/i;
// A Point's altitude when its coordinates have none (ogr2ogr's GPX track_points, GPSLogger, OwnTracks).
const ALTITUDE_PROPERTIES = ['ele', 'elevation', 'altitude', 'alt'];
// device_id: Overland's batches; deviceId: Traccar's positions (names are compared lower-case).
const ACTOR_PROPERTIES = ['name', 'callsign', 'title', 'id', 'device', 'device_id', 'deviceid', 'vehicle'];
const HEADING_PROPERTIES = ['heading', 'course', 'bearing', 'direction'];

const isObject = (value: Json | undefined): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Epoch seconds, milliseconds or microseconds told apart by magnitude (1e11 s is the year 5138). */
function epochMicros(value: number): number {
  const magnitude = Math.abs(value);
  if (magnitude < 1e11) return Math.round(value * 1_000_000);
  if (magnitude < 1e14) return Math.round(value * 1000);
  return Math.round(value);
}

function timeOf(value: Json | undefined, zone: ZoneId): number | string | undefined {
  if (typeof value === 'number') return epochMicros(value);
  if (typeof value === 'string' && value.trim() !== '') return readTrackTime(value.trim(), zone) ?? value;
  return undefined;
}

function firstOf(properties: JsonObject, names: readonly string[]): Json | undefined {
  for (const name of names) {
    for (const key of Object.keys(properties)) if (key.toLowerCase() === name) return properties[key];
  }
  return undefined;
}

/** The vertices of a geometry as lines (a Point is one line of one vertex). */
function linesOf(geometry: JsonObject): Json[][] {
  const coordinates = geometry.coordinates;
  if (!Array.isArray(coordinates)) return [];
  switch (geometry.type) {
    case 'Point':
      return [[coordinates]];
    case 'MultiPoint':
    case 'LineString':
      return [coordinates];
    case 'MultiLineString':
      return coordinates.filter(Array.isArray);
    default:
      return [];
  }
}

/** The first property named like a time whose value reads as one. */
function timeLikeProperty(properties: JsonObject, zone: ZoneId): Json | undefined {
  return Object.entries(properties).find(
    ([key, value]) => TIME_NAME.test(key) && typeof timeOf(value, zone) === 'number',
  )?.[1];
}

/** Other writers name a per-vertex list of times as they like (timestamps, time, gps_times). */
const timeLikeArray = (properties: JsonObject): Json | undefined =>
  Object.entries(properties).find(([key, value]) => TIME_NAME.test(key) && Array.isArray(value))?.[1];

const GEOMETRIES = new Set(['Point', 'MultiPoint', 'LineString', 'MultiLineString']);

/**
 * The track a feature belongs to. A numeric id on a Point is the row's number, not a device: ArcGIS
 * writes OBJECTID as the feature id, QGIS and PostGIS exports an "id" column, so each point would be
 * a track of its own. A line's id, or a text id ("N12345"), names its track.
 */
function actorOf(feature: JsonObject, properties: JsonObject, point: boolean): string {
  const rowNumber = (value: Json | undefined) =>
    point && (typeof value === 'number' || (typeof value === 'string' && /^\d+$/.test(value.trim())));
  for (const name of [...ACTOR_PROPERTIES, 'feature id']) {
    const value = name === 'feature id' ? feature.id : firstOf(properties, [name]);
    if (value === undefined || ((name === 'id' || name === 'feature id') && rowNumber(value))) continue;
    if (typeof value === 'string' || typeof value === 'number') return String(value);
  }
  return '';
}

function featureItems(feature: JsonObject, number: number, zone: ZoneId): GeoItem[] {
  const geometry = feature.geometry;
  if (!isObject(geometry) || !GEOMETRIES.has(String(geometry.type))) {
    // A feature with no geometry (null, as RFC 7946 allows for an unlocated feature) or an area is no position.
    const what = isObject(geometry) ? `a ${String(geometry.type)}, not a point or line` : 'no geometry';
    return [{ line: number, reason: `feature ${number} has ${what}` }];
  }
  const properties = isObject(feature.properties) ? feature.properties : {};
  const actor = actorOf(feature, properties, geometry.type === 'Point' || geometry.type === 'MultiPoint');
  const headingValue = firstOf(properties, HEADING_PROPERTIES);
  const times =
    properties.coordTimes ?? properties.coordinateProperties ?? properties.times ?? timeLikeArray(properties);
  const timesOf = (lineIndex: number, lineCount: number): Json[] | undefined => {
    const list = isObject(times) ? (times.times ?? timeLikeArray(times)) : times;
    if (!Array.isArray(list)) return undefined;
    return lineCount > 1 && Array.isArray(list[lineIndex]) ? list[lineIndex] : list;
  };
  const pointTime = firstOf(properties, TIME_PROPERTIES) ?? timeLikeProperty(properties, zone);
  const altitudeValue = firstOf(properties, ALTITUDE_PROPERTIES);
  const pointAltitude = geometry.type === 'Point' && typeof altitudeValue === 'number' ? altitudeValue : null;
  const lines = linesOf(geometry);
  const items: GeoItem[] = [];
  let vertexNumber = 0;
  lines.forEach((vertices, lineIndex) => {
    const lineTimes = timesOf(lineIndex, lines.length);
    vertices.forEach((vertex, index) => {
      vertexNumber += 1;
      const position = Array.isArray(vertex) ? vertex : [];
      const [longitude, latitude, altitude, fourth] = position;
      const label = geometry.type === 'Point' ? `feature ${number}` : `feature ${number}, point ${vertexNumber}`;
      const timestamp =
        typeof fourth === 'number'
          ? epochMicros(fourth)
          : (timeOf(lineTimes?.[index], zone) ?? (geometry.type === 'Point' ? timeOf(pointTime, zone) : undefined));
      items.push(
        trackItem({
          line: number,
          actor,
          latitude: typeof latitude === 'number' ? latitude : Number.NaN,
          longitude: typeof longitude === 'number' ? longitude : Number.NaN,
          altitude: typeof altitude === 'number' ? altitude : pointAltitude,
          heading: geometry.type === 'Point' && typeof headingValue === 'number' ? headingValue : null,
          timestamp,
          label,
        }),
      );
    });
  });
  return items;
}

/** A GeoJSON text sequence (geojson-sequence.ts): each text a Feature, a FeatureCollection or a geometry. */
async function* parseSequence(text: AsyncIterable<string>, zone: ZoneId): AsyncGenerator<GeoItem[]> {
  const parser = new JSONParser({ paths: ['$'], keepStack: false, separator: '' });
  let features = 0;
  const items: GeoItem[] = [];
  parser.onValue = ({ value }) => {
    if (!isObject(value as Json)) return;
    const root = value as JsonObject;
    const members = root.type === 'FeatureCollection' && Array.isArray(root.features) ? root.features : [root];
    for (const member of members) {
      features += 1;
      if (!isObject(member)) continue;
      const feature = member.type === 'Feature' ? member : { geometry: member };
      items.push(...featureItems(feature, features, zone));
    }
  };
  yield* jsonStreamItems(
    text,
    parser,
    items,
    (message) => `is not readable GeoJSON after ${features} features: ${message}`,
  );
  if (items.length > 0) yield items;
}

export async function* parseGeoJson(input: AsyncIterable<string>, zone: ZoneId): AsyncGenerator<GeoItem[]> {
  const { sequence, chunks: text } = await geoJsonStart(input);
  if (sequence) return yield* parseSequence(text, zone);
  const parser = new JSONParser({
    // $.locations.*: Overland (iOS) posts and saves its batches as {"locations": [Feature, …]}.
    paths: ['$.features.*', '$.locations.*', '$.type', '$.geometry', '$.properties', '$.id', '$.coordinates'],
    keepStack: false,
  });
  const root: JsonObject = {};
  let features = 0;
  const items: GeoItem[] = [];
  parser.onValue = ({ value, key, stack }) => {
    if (stack.length === 1 && typeof key === 'string') {
      root[key] = value as Json;
      return;
    }
    features += 1;
    if (isObject(value as Json)) items.push(...featureItems(value as JsonObject, features, zone));
  };
  const chunks = yield* jsonStreamItems(
    text,
    parser,
    items,
    (message) => `is not readable GeoJSON after ${features} features: ${message}`,
  );
  if (chunks === 0) throw new ImportError('invalid-file', 'is empty');
  // A file that is one Feature, or one bare geometry, rather than a FeatureCollection.
  if (root.type === 'Feature') items.push(...featureItems(root, 1, zone));
  else if (root.type !== 'FeatureCollection' && root.coordinates !== undefined)
    items.push(...featureItems({ geometry: { type: root.type ?? null, coordinates: root.coordinates } }, 1, zone));
  if (items.length > 0) yield items;
}
