/*
 * Aviation exports whose "Altitude" is in feet without saying so, told by their other columns or the
 * lines above the header; read as metres the aircraft would fly three times too high.
 */
import { normalize } from './geo-column-names.ts';

// Flightradar24: its CSV export (Callsign and a "lat,lon" Position) and its granular dumps (squawk,
// radar_id, snapshot_id).
const FLIGHTRADAR_MARKERS = ['squawk', 'radarid', 'snapshotid'];
// ForeFlight's track log CSV: a summary header (Pilot, Tail Number, Derived Origin, ... Imported From)
// and its one row above the points' header (Timestamp, Latitude, Longitude, Altitude in feet, Course,
// Speed in knots, Bank, Pitch, ...), as the parsers and converters of its logs read and write it.
const FOREFLIGHT_SUMMARY = /(^|,)"?Tail Number"?,"?Derived Origin"?,/;

interface FeetEvidence {
  /** The header's names, normalized. */
  readonly names: readonly string[];
  readonly altitudeName: string;
  readonly actorName: string;
  readonly hasPosition: boolean;
  /** The lines above the header. */
  readonly preamble: readonly string[];
}

/** Why the altitude is in feet by the file's producer, or undefined when no such producer wrote it. */
export function feetProducer(evidence: FeetEvidence): string | undefined {
  if (normalize(evidence.altitudeName) !== 'altitude') return undefined;
  if (
    (evidence.hasPosition && normalize(evidence.actorName) === 'callsign') ||
    FLIGHTRADAR_MARKERS.some((marker) => evidence.names.includes(marker))
  )
    return 'a Flightradar24 export, which writes feet';
  if (evidence.preamble.some((line) => FOREFLIGHT_SUMMARY.test(line)))
    return 'a ForeFlight track log, which writes feet';
  return undefined;
}
