/*
 * ADS-B Exchange and readsb/tar1090 trace files (trace_full_<icao>.json): one aircraft's day as
 * { icao, r, t, timestamp, trace: [[seconds after timestamp, lat, lon, altitude ft | "ground" | null,
 * ground speed kt, track, flags, vertical rate, details | null, source, geometric altitude ft, …,
 * roll], …] }. Streamed entry by entry. The actor is the registration (else the flight's callsign from
 * the details, else the ICAO address); altitude the geometric one where the file has it, in metres.
 */
import { JSONParser } from '@streamparser/json';
import { ImportError } from '../import/import-error.ts';
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
  const parser = new JSONParser({ paths: ['$.icao', '$.r', '$.timestamp', '$.trace.*'], keepStack: false });
  const aircraft: Aircraft = { icao: '', registration: '', baseSeconds: undefined };
  // Entries seen before "timestamp" (no writer puts it after, but JSON keys have no order) wait for it.
  let waiting: { entry: Json; number: number }[] = [];
  const items: GeoItem[] = [];
  let entries = 0;
  parser.onValue = ({ value, key, stack }) => {
    if (stack.length === 1) {
      if (key === 'icao' && typeof value === 'string') aircraft.icao = value;
      else if (key === 'r' && typeof value === 'string') aircraft.registration = value.trim();
      else if (key === 'timestamp' && typeof value === 'number') aircraft.baseSeconds = value;
      return;
    }
    entries += 1;
    if (aircraft.baseSeconds === undefined) waiting.push({ entry: value as Json, number: entries });
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
  if (entries === 0) throw new ImportError('invalid-file', 'has no "trace" points');
  if (items.length > 0) yield items;
}
