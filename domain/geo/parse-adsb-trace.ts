/*
 * ADS-B Exchange and readsb/tar1090 trace files (trace_full_<icao>.json): one aircraft's day as
 * { icao, r, t, timestamp, trace: [[seconds after timestamp, lat, lon, altitude ft | "ground" | null,
 * ground speed kt, track, flags, vertical rate, details | null, source, geometric altitude ft, …,
 * roll], …] }. Streamed entry by entry. The actor is the registration (else the flight's callsign from
 * the details, else the ICAO address); altitude the geometric one where the file has it, in metres.
 * The same parser reads dump1090's and readsb's aircraft.json snapshots (adsb-aircraft.ts), one or many
 * in a row, as the two come from the same receivers and are told apart only by their keys, and the
 * OpenSky Network's flight track ({ icao24, callsign, startTime, path: [[time, lat, lon, baro_altitude m,
 * true_track, on_ground], …] }, its REST API's /tracks/all), an aircraft's trace from another network.
 */
import { JSONParser } from '@streamparser/json';
import { countNoun } from '../count-noun.ts';
import { ImportError } from '../import/import-error.ts';
import { aircraftItem } from './adsb-aircraft.ts';
import { jsonStreamItems } from './json-stream-items.ts';
import { trackItem, type GeoItem } from './track-fix.ts';

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

const FEET = 0.3048;
const finite = (value: Json | undefined): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

interface Aircraft {
  icao: string;
  registration: string;
  baseSeconds: number | undefined;
  /** OpenSky's callsign (padded to 8 characters with spaces there). */
  callsign: string;
}

/** An OpenSky waypoint: Unix seconds, degrees, metres (barometric: OpenSky's tracks carry no other). */
function openSkyItem(entry: Json, number: number, aircraft: Aircraft): GeoItem {
  const label = `path waypoint ${number}`;
  if (!Array.isArray(entry)) return { line: number, reason: `${label} is not a list of values` };
  const [time, latitude, longitude, altitude, track] = entry;
  const seconds = finite(time);
  return trackItem({
    line: number,
    actor: aircraft.callsign || aircraft.icao,
    latitude: finite(latitude) ?? Number.NaN,
    longitude: finite(longitude) ?? Number.NaN,
    altitude: finite(altitude),
    heading: finite(track),
    roll: null,
    timestamp: seconds === null ? undefined : Math.round(seconds * 1_000_000),
    label,
  });
}

function traceItem(entry: Json, number: number, aircraft: Aircraft): GeoItem {
  const label = `trace point ${number}`;
  if (!Array.isArray(entry)) return { line: number, reason: `${label} is not a list of values` };
  const [offset, latitude, longitude, altitude, , track, , , details, , geometric, , , roll] = entry;
  const flight =
    typeof details === 'object' && details !== null && !Array.isArray(details) && typeof details.flight === 'string'
      ? details.flight.trim()
      : '';
  const baseFeet = altitude === 'ground' ? null : finite(altitude);
  const feet = finite(geometric) ?? baseFeet;
  const seconds = finite(offset);
  return trackItem({
    line: number,
    actor: aircraft.registration || flight || aircraft.icao,
    latitude: finite(latitude) ?? Number.NaN,
    longitude: finite(longitude) ?? Number.NaN,
    altitude: feet === null ? null : feet * FEET,
    heading: finite(track),
    roll: finite(roll),
    timestamp:
      aircraft.baseSeconds === undefined || seconds === null
        ? undefined
        : Math.round((aircraft.baseSeconds + seconds) * 1_000_000),
    label,
  });
}

export async function* parseAdsbTrace(text: AsyncIterable<string>): AsyncGenerator<GeoItem[]> {
  const parser = new JSONParser({
    paths: ['$.icao', '$.r', '$.timestamp', '$.trace.*', '$.now', '$.aircraft.*', '$.icao24', '$.callsign', '$.path.*'],
    keepStack: false,
    // Snapshots logged in a loop follow one another with no list around them.
    separator: '',
  });
  let now: number | undefined;
  const snapshot = { number: 0, aircraft: 0, all: 0, unplaced: 0, firstUnplaced: '' };
  const aircraft: Aircraft = { icao: '', registration: '', baseSeconds: undefined, callsign: '' };
  // Entries seen before "timestamp" (no writer puts it after, but JSON keys have no order) wait for it.
  let waiting: { entry: Json; number: number }[] = [];
  const items: GeoItem[] = [];
  let entries = 0;
  parser.onValue = ({ value, key, stack }) => {
    if (stack.length === 1 && key === 'now') {
      now = typeof value === 'number' ? value : undefined;
      Object.assign(snapshot, { number: snapshot.number + 1, aircraft: 0 });
      return;
    }
    if (stack.length === 2 && stack[1]?.key === 'aircraft') {
      snapshot.aircraft += 1;
      snapshot.all += 1;
      const label = `aircraft ${snapshot.aircraft} of snapshot ${Math.max(1, snapshot.number)}`;
      const item = aircraftItem(value as Json, snapshot.all, label, now);
      if (item !== 'no position') items.push(item);
      else if ((snapshot.unplaced += 1) === 1) {
        const hex = typeof value === 'object' && value !== null && !Array.isArray(value) ? value.hex : undefined;
        snapshot.firstUnplaced = typeof hex === 'string' ? `${label} (${hex})` : label;
      }
      return;
    }
    if (stack.length === 1) {
      if ((key === 'icao' || key === 'icao24') && typeof value === 'string') aircraft.icao = value;
      else if (key === 'callsign' && typeof value === 'string') aircraft.callsign = value.trim();
      else if (key === 'r' && typeof value === 'string') aircraft.registration = value.trim();
      else if (key === 'timestamp' && typeof value === 'number') aircraft.baseSeconds = value;
      return;
    }
    entries += 1;
    if (stack[1]?.key === 'path') items.push(openSkyItem(value as Json, entries, aircraft));
    else if (aircraft.baseSeconds === undefined) waiting.push({ entry: value as Json, number: entries });
    else items.push(traceItem(value as Json, entries, aircraft));
  };
  yield* jsonStreamItems(
    text,
    parser,
    items,
    (message) => `is not a readable trace file after ${entries} points: ${message}`,
  );
  if (waiting.length > 0) {
    items.push(...waiting.map(({ entry, number }) => traceItem(entry, number, aircraft)));
    waiting = [];
  }
  if (entries === 0 && snapshot.all === 0) throw new ImportError('invalid-file', 'has no "trace" or "path" points');
  if (snapshot.unplaced > 0)
    items.push({
      line: snapshot.all,
      reason: `${countNoun(snapshot.unplaced, 'aircraft sighting')} without a position (heard by Mode S only) passed over, the first ${snapshot.firstUnplaced}`,
    });
  if (items.length > 0) yield items;
}
