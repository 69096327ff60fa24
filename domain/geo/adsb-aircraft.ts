/*
 * dump1090's and readsb's aircraft.json: a snapshot { now: epoch seconds, aircraft: [{ hex, flight,
 * r, lat, lon, seen_pos, alt_baro | altitude (feet or "ground"), alt_geom, track, … }] }, as its web
 * map polls it; logged in a loop it is a file of snapshots, one after the other. Each aircraft with a
 * position is a point at now − seen_pos (the age of that position); those heard without a position
 * (Mode S only, often half of them) are counted in one item, not one per aircraft per snapshot.
 */
import { trackItem, type GeoItem } from './track-fix.ts';

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

const FEET = 0.3048;
const finite = (value: Json | undefined): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;
const text = (value: Json | undefined): string => (typeof value === 'string' ? value.trim() : '');

/** An aircraft of a snapshot taken at `nowSeconds` (undefined when the snapshot has no "now"); 'no position' when it has none. */
export function aircraftItem(
  entry: Json,
  line: number,
  label: string,
  nowSeconds: number | undefined,
): GeoItem | 'no position' {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry))
    return { line, reason: `${label} is not an object` };
  // The registration or ICAO address, which stay the same from snapshot to snapshot (a callsign may come later).
  const name = text(entry.r) || text(entry.hex);
  const callsign = text(entry.flight);
  const named = `${label}${name === '' ? '' : ` (${[name, callsign].filter((part) => part !== '').join(', ')})`}`;
  const latitude = finite(entry.lat);
  const longitude = finite(entry.lon);
  if (latitude === null || longitude === null) return 'no position';
  // "ground" (readsb) has no altitude; dump1090 before 2017 wrote "altitude".
  const feet = finite(entry.alt_geom) ?? finite(entry.alt_baro) ?? finite(entry.altitude);
  const age = finite(entry.seen_pos) ?? 0;
  return trackItem({
    line,
    actor: name,
    latitude,
    longitude,
    altitude: feet === null ? null : feet * FEET,
    heading: finite(entry.track) ?? finite(entry.true_heading),
    timestamp: nowSeconds === undefined ? undefined : Math.round((nowSeconds - age) * 1_000_000),
    label: named,
  });
}
