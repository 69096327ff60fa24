/*
 * Which kind of geo file this is, from its first bytes (and its name only to break a tie): GPX or
 * KML by their root element, GeoJSON by its "type", IGC by its A record and B fixes, NMEA by the
 * share of its sentences with a valid checksum, else delimited text by its columns. The settings
 * are complete, so a file imports with none given; the reason says what was found.
 */
import { CHART_PALETTE } from '../color/palette.ts';
import { countNoun } from '../count-noun.ts';
import { detectGeoSettings, type GeoDetection } from './detect-geo-settings.ts';
import { mapNameFromFile, type GeoFormat, type MapSettings } from './geo-settings.ts';
import { gunzipStart, isGzip, withoutGzipExtension } from '../import/gunzip-bytes.ts';
import { decodeStart } from '../import/byte-chunks.ts';
import { fitCsvReason } from './parse-fit-csv.ts';
import { pltReason } from './parse-plt.ts';
import { projectedCrs } from './geojson-crs.ts';

/** How much of a file detection reads (the callers' window). */
const GEO_DETECT_BYTES = 64 * 1024;

const B_FIX = /^B\d{6}\d{7}[NS]\d{8}[EW][AV]/;
const SENTENCE = /^\$([A-Z]{2})(RMC|GGA|GNS|GLL|ZDA|VTG|GSA|GSV)\b/;
const count = (text: string, pattern: RegExp) => (text.match(pattern) ?? []).length;

function trackSettings(
  format: Exclude<GeoFormat, 'csv'>,
  fileName: string,
  mapIndex: number,
  icon: MapSettings['icon'],
): MapSettings {
  return {
    format,
    name: mapNameFromFile(fileName),
    colour: CHART_PALETTE[mapIndex % CHART_PALETTE.length]!.light,
    icon,
    defaultTimeZone: 'UTC',
    defaultDate: null,
    delimiter: 'comma',
    headerRowCount: 0,
    preambleRowCount: 0,
    identifiedColumns: {},
    numericUnit: 'seconds',
    altitudeUnit: 'metres',
  };
}

const detected = (settings: MapSettings, reason: string): GeoDetection => ({
  settings,
  reason,
  columns: [],
  sampleRows: [],
});
const sampleNote = (complete: boolean) => (complete ? 'in the file' : 'in its first 64 KiB');

// A time element whose text is a date and time with no Z or offset (GPX and TCX want UTC, KML an offset; some writers leave it out).
const ZONELESS_TIME = /<(?:\w+:)?(?:time|Time|when)>\s*\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?\s*</;
const zonelessNote = (text: string) =>
  ZONELESS_TIME.test(text)
    ? " Some times have no zone (no Z or offset): they are read in the map's time zone, UTC unless it is set."
    : '';

function detectXml(text: string, complete: boolean, fileName: string, mapIndex: number): GeoDetection | undefined {
  const gpx = /<(?:\w+:)?gpx\b([^>]*)>/.exec(text);
  if (gpx !== null) {
    const version = /\bversion="([^"]+)"/.exec(gpx[1] ?? '')?.[1] ?? '?';
    const creator = /\bcreator="([^"]*)"/.exec(gpx[1] ?? '')?.[1];
    const points = count(text, /<(?:\w+:)?(?:trkpt|rtept)\b/g);
    const timed = count(text, /<(?:\w+:)?time>/g);
    return detected(
      trackSettings('gpx', fileName, mapIndex, 'circle'),
      `GPX ${version}${creator ? ` written by "${creator}"` : ''}: ${points.toLocaleString('en')} track or route points and ${timed.toLocaleString('en')} <time> elements ${sampleNote(complete)}; each point's <time> is its instant, points without one are invalid.${zonelessNote(text)}`,
    );
  }
  if (/<(?:\w+:)?TrainingCenterDatabase\b/.test(text)) {
    const points = count(text, /<(?:\w+:)?Trackpoint>/g);
    // A course's CoursePoints (a turn, a climb: cues placed on the track) have positions too, but are no track points.
    const coursePoints = [...text.matchAll(/<(?:\w+:)?CoursePoint>[\s\S]*?<\/(?:\w+:)?CoursePoint>/g)];
    const cuePositions = coursePoints.filter(([block]) => /<(?:\w+:)?LatitudeDegrees>/.test(block)).length;
    const positions = count(text, /<(?:\w+:)?LatitudeDegrees>/g) - cuePositions;
    const cues =
      coursePoints.length === 0
        ? ''
        : ` (and ${countNoun(coursePoints.length, 'CoursePoint')}, a course's cues, not read)`;
    return detected(
      trackSettings('tcx', fileName, mapIndex, 'circle'),
      `TCX (Garmin Training Center): ${countNoun(points, 'Trackpoint')}, ${positions.toLocaleString('en')} of them with a position ${sampleNote(complete)}${cues}; each Trackpoint's <Time> is its instant, one without a position is invalid.${zonelessNote(text)}`,
    );
  }
  if (/<(?:\w+:)?kml\b/.test(text)) {
    const whens = count(text, /<when>/g);
    const coords = count(text, /<(?:gx:)?coord>/g);
    return detected(
      trackSettings('kml', fileName, mapIndex, 'circle'),
      `KML: ${countNoun(coords, 'track coordinate')} (gx:coord) and ${countNoun(whens, '<when> time')} ${sampleNote(complete)}; each track's n-th <when> is its n-th coordinate's instant, and timed Placemarks add their points.${zonelessNote(text)}`,
    );
  }
  return undefined;
}

function detectGeoJson(
  text: string,
  complete: boolean,
  fileName: string,
  mapIndex: number,
): GeoDetection | string | undefined {
  if (!/"type"\s*:\s*"(FeatureCollection|Feature|Point|MultiPoint|LineString|MultiLineString)"/.test(text))
    return undefined;
  const crs = projectedCrs(text);
  if (crs !== undefined)
    return `is GeoJSON whose coordinates are in ${crs} (its "crs" member says so), not longitude and latitude in degrees: export it again in WGS 84 (EPSG:4326), as GeoJSON today requires`;
  const evidence = [
    ['coordTimes', count(text, /"coordTimes"/g)],
    ['times', count(text, /"times"/g)],
    // Every key the parser reads a Point's time from: named like a time, or OwnTracks' tst.
    [
      'time properties',
      count(text, /"(?!coordTimes"|times")[\w.-]*(?:time|date)[\w.-]*"\s*:|"(?:when|utc|ts|tst|[\w-]*_at)"\s*:/gi),
    ],
  ].filter(([, found]) => Number(found) > 0);
  const said =
    evidence.length === 0
      ? 'no time fields seen yet'
      : evidence.map(([name, found]) => `${String(found)} ${String(name)}`).join(', ');
  return detected(
    trackSettings('geojson', fileName, mapIndex, 'circle'),
    `GeoJSON: ${countNoun(count(text, /"Feature"/g), 'feature')} ${sampleNote(complete)} (${said}); times per vertex from coordTimes/times or a 4th coordinate, per Point from its time property.`,
  );
}

function detectAdsbTrace(text: string, fileName: string, mapIndex: number): GeoDetection | undefined {
  if (/"now"\s*:\s*\d/.test(text) && /"aircraft"\s*:\s*\[/.test(text)) {
    const snapshots = count(text, /"now"\s*:\s*\d/g);
    return detected(
      trackSettings('adsb-trace', fileName, mapIndex, 'airplane'),
      `ADS-B receiver snapshot (dump1090 or readsb aircraft.json${snapshots > 1 ? `, ${snapshots.toLocaleString('en')} of them one after another` : ''}): each aircraft with a position a point at "now" less its "seen_pos" seconds, named by its registration or ICAO address; altitudes in feet, the geometric one where given; one heard without a position is invalid.`,
    );
  }
  // OpenSky Network's flight track (GET /tracks/all): { icao24, callsign, startTime, endTime, path }.
  if (/"path"\s*:\s*\[/.test(text) && /"icao24"\s*:\s*"/.test(text) && /"startTime"\s*:/.test(text)) {
    const callsign = /"callsign"\s*:\s*"([^"]{1,20})"/.exec(text)?.[1]?.trim();
    const icao24 = /"icao24"\s*:\s*"([^"]{1,10})"/.exec(text)?.[1] ?? '';
    return detected(
      trackSettings('adsb-trace', fileName, mapIndex, 'airplane'),
      `OpenSky Network flight track of ${callsign ? `${callsign} (ICAO ${icao24})` : `ICAO ${icao24}`}: each "path" waypoint is [time, latitude, longitude, barometric altitude in metres, true track, on ground]; a waypoint without a position is invalid.`,
    );
  }
  if (!/"trace"\s*:\s*\[/.test(text) || !/"icao"\s*:\s*"/.test(text) || !/"timestamp"\s*:\s*\d/.test(text))
    return undefined;
  const registration = /"r"\s*:\s*"([^"]{1,20})"/.exec(text)?.[1];
  const icao = /"icao"\s*:\s*"([^"]{1,10})"/.exec(text)?.[1] ?? '';
  return detected(
    trackSettings('adsb-trace', fileName, mapIndex, 'airplane'),
    `ADS-B trace (ADS-B Exchange, readsb or tar1090) of ${registration === undefined ? `ICAO ${icao}` : `${registration} (ICAO ${icao})`}: each point's time is seconds after the file's "timestamp"; altitudes in feet, the geometric one where given; "ground" has no altitude.`,
  );
}

// Keys only Google's location history writes: Records.json, Semantic Location History, Timeline.json,
// and the iPhone export's segments (a list whose places are "geo:lat,lng").
// Each a few plain searches, never one pattern with two open-ended gaps (64 KiB would make it quadratic).
const LOCATION_HISTORY_SHAPES: readonly (readonly [(text: string) => boolean, string])[] = [
  [
    (text) => /^\{\s*"locations"\s*:\s*\[/.test(text) && /"latitudeE7"\s*:/.test(text),
    'Records.json from Google Takeout: each location at its own time',
  ],
  [
    (text) => /"timelineObjects"\s*:\s*\[/.test(text),
    'Semantic Location History from Google Takeout: an activity is its start, path and end; a visit its arrival and departure',
  ],
  [
    (text) => /"semanticSegments"\s*:\s*\[|"rawSignals"\s*:\s*\[/.test(text),
    'Timeline.json from the phone: a path is its points, a visit its arrival and departure, an activity its start and end',
  ],
  [
    (text) => /^\[\s*\{/.test(text) && /"(?:timelinePath|visit|activity)"\s*:/.test(text) && /"geo:-?\d/.test(text),
    "the iPhone's Timeline export: a path is its points, a visit its arrival and departure, an activity its start and end",
  ],
];

function detectLocationHistory(text: string, fileName: string, mapIndex: number): GeoDetection | undefined {
  const shape = LOCATION_HISTORY_SHAPES.find(([matches]) => matches(text));
  if (shape === undefined) return undefined;
  return detected(
    trackSettings('location-history', fileName, mapIndex, 'circle'),
    `Google location history (${shape[1]}); coordinates as Google writes them (1e-7 degrees, "lat°, lng°" or "geo:lat,lng"), times with their own offsets.`,
  );
}

const OWNTRACKS_REC_LINE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z?\t[^\t{]*\t\{/;

/** OwnTracks: the Recorder's .rec lines, or JSON payloads whose _type is "location" with a tst. */
function detectOwnTracks(head: string, fileName: string, mapIndex: number): GeoDetection | undefined {
  const rec = OWNTRACKS_REC_LINE.test(head);
  const json =
    !rec &&
    (head.startsWith('[') || head.startsWith('{')) &&
    /"_type"\s*:\s*"location"/.test(head) &&
    /"tst"\s*:/.test(head) &&
    !/"type"\s*:\s*"Feature/.test(head);
  if (!rec && !json) return undefined;
  return detected(
    trackSettings('owntracks', fileName, mapIndex, 'circle'),
    `OwnTracks ${rec ? 'Recorder .rec file (a time, a topic and a JSON message a line)' : 'JSON messages (as its HTTP mode or Recorder API gives them)'}: each "location" message a point at its "tst" (epoch seconds), its "tid" the tracker; other messages (lwt, transition, waypoint, card) carry no track.`,
  );
}

/** SPOT's public feed, XML or JSON: a feedMessageResponse whose messages name their device and time. */
function detectSpotFeed(head: string, fileName: string, mapIndex: number): GeoDetection | undefined {
  const xml = head.startsWith('<') && /<feedMessageResponse>/.test(head);
  const json = head.startsWith('{') && /"feedMessageResponse"\s*:/.test(head);
  if ((!xml && !json) || !/messengerName|unixTime/.test(head)) return undefined;
  const messages = count(head, xml ? /<message[\s>]/g : /"unixTime"\s*:/g);
  return detected(
    trackSettings('spot', fileName, mapIndex, 'circle'),
    `SPOT tracker feed (${xml ? 'XML' : 'JSON'}): ${countNoun(messages, 'message')} in the sample, each a point at its "unixTime" (epoch seconds), its device ("messengerName") the track; a report without a fix (-99999) is listed as invalid.`,
  );
}

/** CZML: a JSON array of packets, the first the "document" one, positions as time-tagged coordinate lists. */
function detectCzml(head: string, complete: boolean, fileName: string, mapIndex: number): GeoDetection | undefined {
  const documentPacket = /^\[\s*\{\s*"id"\s*:\s*"document"/.test(head);
  const positions = count(head, /"position"\s*:/g);
  const samples = /"(?:cartographicDegrees|cartographicRadians|cartesian)"\s*:\s*\[/.test(head);
  if (!documentPacket && !(positions > 0 && samples)) return undefined;
  return detected(
    trackSettings('czml', fileName, mapIndex, 'circle'),
    `CZML (Cesium): ${countNoun(positions, 'packet')} with a position ${sampleNote(complete)}; each entity (its id) a track, a sample's time in seconds after its position's "epoch" or an ISO time of its own; cartographic degrees or radians, or Earth-fixed cartesian metres (INERTIAL ones are invalid); a fixed position is a point at the start of its interval or the entity's availability.`,
  );
}

function detectIgc(lines: readonly string[], fileName: string, mapIndex: number): GeoDetection | undefined {
  const fixes = lines.filter((line) => B_FIX.test(line)).length;
  const headers = lines.filter((line) => line.startsWith('H')).length;
  if (fixes === 0 || !(lines[0]?.startsWith('A') || headers > 0 || /\.igc$/i.test(fileName))) return undefined;
  const date = lines.find((line) => line.startsWith('HFDTE'));
  const dateText =
    date === undefined ? 'no HFDTE date header (set the default year-month-day)' : `the date from "${date.trim()}"`;
  return detected(
    trackSettings('igc', fileName, mapIndex, 'airplane'),
    `IGC flight log: ${fixes.toLocaleString('en')} B fixes and ${headers} H headers in the first lines; UTC times on ${dateText}, rolling over at midnight.`,
  );
}

// AIS's encapsulated sentences (other vessels' reports, 6-bit armoured): a boat's multiplexer logs them among its own GPS's.
const AIS_SENTENCE = /^(?:[^!$]*,)?!(?:AI|AB|AN|BS|SA)VD[MO],/;

function detectNmea(lines: readonly string[], fileName: string, mapIndex: number): GeoDetection | undefined {
  const unskipped = lines.filter((line) => line.trim() !== '' && !line.startsWith('#'));
  const sentences = unskipped.filter((line) => !AIS_SENTENCE.test(line));
  const ais = unskipped.length - sentences.length;
  const matched = sentences.filter((line) => SENTENCE.test(line.slice(line.indexOf('$'))));
  if (matched.length === 0 || matched.length < sentences.length * 0.5) return undefined;
  const fixes = matched.filter((line) => /^\$..(RMC|GGA|GNS|GLL)/.test(line.slice(line.indexOf('$')))).length;
  if (fixes === 0) return undefined;
  const talkers = [...new Set(matched.map((line) => SENTENCE.exec(line.slice(line.indexOf('$')))![1]))].join(', ');
  const dated = matched.some((line) => /^\$..(RMC|ZDA)/.test(line.slice(line.indexOf('$'))));
  const dateText = dated
    ? 'the date comes from RMC or ZDA'
    : 'no RMC or ZDA sentence gives a date in the first lines (set the default year-month-day)';
  const aisText = ais === 0 ? '' : ` ${countNoun(ais, 'AIS sentence')} (!AIVDM, other vessels' reports) passed over.`;
  return detected(
    trackSettings('nmea', fileName, mapIndex, 'circle'),
    `NMEA 0183: ${matched.length} of ${sentences.length} lines are position or satellite sentences (talkers ${talkers}), ${fixes} of them RMC, GGA, GNS or GLL fixes; ${dateText}; a fix the receiver marks as without one (GGA quality 0, RMC or GLL status V) or with a wrong checksum is invalid.${aisText}`,
  );
}

/** A u-center log: NMEA sentences with u-blox UBX binary frames between them (the sentences are read). */
function nmeaAmongBinary(head: string, fileName: string, mapIndex: number): GeoDetection | undefined {
  const sentences = head
    .split('\n')
    .map((line) => line.replace(/\r$/, ''))
    .map((line) => line.slice(line.lastIndexOf('$')))
    .filter((line) => SENTENCE.test(line));
  if (sentences.length < 2) return undefined;
  const detection = detectNmea(sentences, fileName, mapIndex);
  if (detection === undefined) return undefined;
  return {
    ...detection,
    reason: `${detection.reason} Binary data between the sentences (u-blox UBX frames, as u-center logs them) is skipped and counted.`,
  };
}

interface GeoFileStart {
  /** The start of the file's text, unpacked when the file is gzipped. */
  readonly text: string;
  /** Whether `text` is the whole file. */
  readonly complete: boolean;
  /** The name without its ".gz". */
  readonly fileName: string;
  readonly gzipped: boolean;
}

/** The start of a geo file as text from its first bytes (`complete` when that is all of it), unpacked if gzipped. */
export function geoFileStart(firstBytes: Uint8Array, complete: boolean, fileName: string): GeoFileStart {
  // As the parse reads it (textChunks): UTF-16 by a byte order mark (Lowrance GPX, Excel's "Unicode Text").
  if (!isGzip(firstBytes)) return { text: decodeStart(firstBytes), complete, fileName, gzipped: false };
  const inflated = gunzipStart(firstBytes, GEO_DETECT_BYTES);
  return {
    text: decodeStart(inflated),
    complete: complete && inflated.byteLength < GEO_DETECT_BYTES,
    fileName: withoutGzipExtension(fileName),
    gzipped: true,
  };
}

/** detectGeoFile on a file's first bytes, gzipped or not. */
export function detectGeoBytes(
  firstBytes: Uint8Array,
  complete: boolean,
  fileName: string,
  mapIndex = 0,
): GeoDetection | string {
  const start = geoFileStart(firstBytes, complete, fileName);
  if (start.gzipped && start.text === '') return 'is a gzip file whose start cannot be unpacked';
  const detection = detectGeoFile(start.text, start.complete, start.fileName, mapIndex);
  if (typeof detection === 'string' || !start.gzipped) return detection;
  return { ...detection, reason: `Compressed with gzip, read as it unpacks. ${detection.reason}` };
}

/** The format and settings of a geo file from its start (`complete` when that is all of it), or why none fit. */
export function detectGeoFile(text: string, complete: boolean, fileName: string, mapIndex = 0): GeoDetection | string {
  const head = text.replaceAll('\u001e', ' ').trimStart(); // a BOM and RFC 8142's record separators dropped
  // A KMZ: the zip's local header names its entries in plain text, so "doc.kml" shows before any inflating.
  if (head.startsWith('PK\u0003\u0004')) {
    // NOTE: the header's binary fields decode to a varying number of characters (its DOS time among
    // them), so the name is searched for, not cut at byte 30; the bytes before it end in NULs.
    const entry = /[\w./ -]{1,200}\.kml/i.exec(head.slice(4, 600))?.[0];
    if (entry !== undefined || /\.kmz$/i.test(fileName)) {
      return detected(
        trackSettings('kml', fileName, mapIndex, 'circle'),
        `KMZ (zipped KML)${entry ? ` holding "${entry}"` : ''}: read as KML once unpacked; each track's n-th <when> is its n-th coordinate's instant.`,
      );
    }
    return 'is a zip archive, but not a KMZ (no .kml inside)';
  }
  // Zipped KML aside, NUL bytes mean a binary file (an image, a database), which no track format is.
  if (head.includes('\u0000'))
    return (
      nmeaAmongBinary(head, fileName, mapIndex) ??
      'is a binary file (it holds NUL bytes), not a track: GPX, KML, TCX, GeoJSON, IGC, NMEA or a CSV'
    );
  const spot = detectSpotFeed(head, fileName, mapIndex);
  if (spot !== undefined) return spot;
  if (head.startsWith('<'))
    return detectXml(head, complete, fileName, mapIndex) ?? 'is XML, but neither GPX, KML nor TCX';
  const history = head.startsWith('[') ? detectLocationHistory(head, fileName, mapIndex) : undefined;
  if (history !== undefined) return history;
  const czml = head.startsWith('[') ? detectCzml(head, complete, fileName, mapIndex) : undefined;
  if (czml !== undefined) return czml;
  const ownTracks = detectOwnTracks(head, fileName, mapIndex);
  if (ownTracks !== undefined) return ownTracks;
  // ArcGIS REST's own JSON (f=json): features of "attributes" and an x/y geometry, often in Web Mercator.
  if (
    head.startsWith('{') &&
    /"geometryType"\s*:\s*"esriGeometry|"attributes"\s*:\s*\{[^]*?"geometry"\s*:\s*\{\s*"x"/.test(head)
  )
    return 'is Esri JSON (ArcGIS REST with f=json), which maps do not read: ask the layer for GeoJSON (f=geojson) or export it as GeoJSON or CSV, and import that';
  if (head.startsWith('{'))
    return (
      detectLocationHistory(head, fileName, mapIndex) ??
      detectAdsbTrace(head, fileName, mapIndex) ??
      detectGeoJson(head, complete, fileName, mapIndex) ??
      'is JSON, but neither GeoJSON with points or lines, an ADS-B or OpenSky trace nor Google location history'
    );
  // A JSON list of objects none of the readers above knows (a tracker's API answer, Traccar's positions) is no CSV.
  if (/^\[\s*[{[]/.test(head))
    return 'is a JSON list, but not one a map reads (GeoJSON, Google location history, OwnTracks, CZML, an ADS-B trace): export the positions as CSV or GeoJSON and import that';
  // The last line may be cut off by the 64 KiB window.
  const lines = head
    .split('\n')
    .slice(0, complete ? undefined : -1)
    .map((line) => line.replace(/\r$/, ''));
  for (const [format, reason] of [
    ['fit-csv', fitCsvReason],
    ['plt', pltReason],
  ] as const) {
    const said = reason(lines, sampleNote(complete));
    if (said !== undefined) return detected(trackSettings(format, fileName, mapIndex, 'circle'), said);
  }
  // SeeYou's .cup: a header naming code, country, lat, lon, elev and style, then "4643.000N" places.
  if (/^"?name"?,"?code"?,"?country"?,"?lat"?,"?lon"?,"?elev"?,"?style"?/i.test(lines[0] ?? ''))
    return 'is a SeeYou waypoint file (.cup): places without times, not a track; a flight from SeeYou or the logger is an IGC file';
  // ArduPilot's DataFlash log as text (Mission Planner's .log): FMT lines, then rows of many messages.
  if (/^FMT,\s*\d+,\s*\d+,\s*FMT,/.test(lines[0] ?? ''))
    return 'is an ArduPilot DataFlash log as text (FMT lines, then rows of many message types): maps read rows of one kind; write its GPS messages out as a CSV first (mavlogdump.py --types GPS --format csv), whose GWk and GMS columns give the time';
  const nmea = detectIgc(lines, fileName, mapIndex) ?? detectNmea(lines, fileName, mapIndex);
  if (nmea !== undefined) return nmea;
  const aisLines = lines.filter((line) => AIS_SENTENCE.test(line)).length;
  if (aisLines > 0 && aisLines >= lines.filter((line) => line.trim() !== '').length * 0.5)
    return "holds AIS sentences (!AIVDM, !AIVDO): vessels' reports in AIS's 6-bit encoding, with no date, not a GPS track; decode them first (gpsdecode, pyais) into a CSV with a time, latitude and longitude a row";
  return detectGeoSettings(text, complete, fileName, mapIndex);
}
