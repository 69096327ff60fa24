/*
 * Samples of the geo families: a plain geo CSV, GPX 1.1 (several tracks), KML gx:Track placemarks,
 * GeoJSON points with a time property, IGC (date in the header, 1 Hz B fixes rolling past midnight),
 * NMEA 0183 (an RMC and a GGA sentence per fix, checksums right), a Flightradar24 CSV export and a
 * Garmin G1000 flight-data log (preamble, units row, space-padded names, local time plus UTCOfst).
 */
import { dateOf, iso, lineSample, micros, pick, SECOND, type FamilySample } from './family-sample-values.ts';

const CALLSIGNS = ['SAS1234', 'DLH4AB', 'N172SP', 'BAW22K', 'AFR77', 'UAL901'];
const pad = (n: number, width = 2) => String(n).padStart(width, '0');
/** A slow circle around Oslo Gardermoen, so every point is valid and neighbours are close. */
const lat = (i: number) => 60.19 + 0.4 * Math.sin(i / 2000);
const lon = (i: number) => 11.1 + 0.8 * Math.cos(i / 2000);
const alt = (i: number) => 200 + ((i * 7) % 3000);
const hhmmss = (d: Date) => `${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`;
const ddmmyy = (d: Date) => `${pad(d.getUTCDate())}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCFullYear() % 100)}`;
/** Degrees as NMEA's ddmm.mmmm (dddmm.mmmm for longitude). */
const nmeaAngle = (degrees: number, width: number) =>
  `${pad(Math.floor(degrees), width)}${(60 * (degrees % 1)).toFixed(4).padStart(7, '0')}`;
const sentence = (body: string) => {
  let sum = 0;
  for (let at = 0; at < body.length; at += 1) sum ^= body.charCodeAt(at);
  return `$${body}*${sum.toString(16).toUpperCase().padStart(2, '0')}\r\n`;
};
/** IGC's DDMMmmm / DDDMMmmm: minutes with three decimals, no point. */
const igcAngle = (degrees: number, width: number) =>
  `${pad(Math.floor(degrees), width)}${pad(Math.floor(60_000 * (degrees % 1)), 5)}`;
const KML_POINTS = 50;
const GPX_TRACK_POINTS = 5000;
const G1000_OFFSET_HOURS = -5;

export const GEO_FAMILY_SAMPLES: readonly FamilySample[] = [
  lineSample({
    family: 'geo CSV',
    fileName: 'track.csv',
    kind: 'geo',
    resolutionMicros: 1000,
    baseline: { kind: 'papaparse', delimiter: ',' },
    head: 'timestamp,callsign,latitude,longitude,altitude,heading\n',
    line: (i) =>
      `${iso(i, 3)},${pick(CALLSIGNS, i)},${lat(i).toFixed(6)},${lon(i).toFixed(6)},${alt(i)},${(i * 3) % 360}\n`,
  }),
  {
    family: 'GPX 1.1',
    fileName: 'activity.gpx',
    kind: 'geo',
    streaming: false,
    recordsPerBlock: 1,
    resolutionMicros: SECOND,
    baseline: { kind: 'togeojson', flavour: 'gpx' },
    head:
      '<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="Garmin Connect" xmlns="http://www.topografix.com/GPX/1/1" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">\n' +
      `  <metadata><time>${iso(0, 0)}</time></metadata>\n  <trk><name>${CALLSIGNS[0]}</name><trkseg>\n`,
    tail: '  </trkseg></trk>\n</gpx>\n',
    block: (i) =>
      `${i > 0 && i % GPX_TRACK_POINTS === 0 ? `  </trkseg></trk>\n  <trk><name>${pick(CALLSIGNS, i / GPX_TRACK_POINTS)}</name><trkseg>\n` : ''}` +
      `   <trkpt lat="${lat(i).toFixed(7)}" lon="${lon(i).toFixed(7)}"><ele>${alt(i)}.0</ele><time>${iso(i, 0)}</time></trkpt>\n`,
  },
  {
    family: 'KML gx:Track',
    fileName: 'flights.kml',
    kind: 'geo',
    streaming: false,
    recordsPerBlock: KML_POINTS,
    resolutionMicros: SECOND,
    baseline: { kind: 'togeojson', flavour: 'kml' },
    head: '<?xml version="1.0" encoding="UTF-8"?>\n<kml xmlns="http://www.opengis.net/kml/2.2" xmlns:gx="http://www.google.com/kml/ext/2.2">\n<Document>\n',
    tail: '</Document>\n</kml>\n',
    block: (b) => {
      const indices = Array.from({ length: KML_POINTS }, (_, k) => b * KML_POINTS + k);
      return (
        `<Placemark><name>${pick(CALLSIGNS, b)}</name><gx:Track><altitudeMode>absolute</altitudeMode>\n` +
        indices.map((i) => `<when>${iso(i, 0)}</when>\n`).join('') +
        indices.map((i) => `<gx:coord>${lon(i).toFixed(6)} ${lat(i).toFixed(6)} ${alt(i)}</gx:coord>\n`).join('') +
        '</gx:Track></Placemark>\n'
      );
    },
  },
  {
    family: 'GeoJSON points with times',
    fileName: 'positions.geojson',
    kind: 'geo',
    streaming: true,
    recordsPerBlock: 1,
    resolutionMicros: 1000,
    baseline: { kind: 'json-document' },
    head: '{"type":"FeatureCollection","features":[',
    tail: '\n]}\n',
    block: (i) =>
      `${i === 0 ? '' : ','}\n{"type":"Feature","geometry":{"type":"Point","coordinates":[${lon(i).toFixed(6)},${lat(i).toFixed(6)},${alt(i)}]},"properties":{"name":"${pick(CALLSIGNS, i)}","time":"${iso(i, 3)}","speed":${(i % 400) / 2}}}`,
  },
  lineSample({
    family: 'IGC',
    fileName: '2025-12-31-XCS-AAA-01.igc',
    kind: 'geo',
    resolutionMicros: SECOND,
    baseline: { kind: 'igc-parser' },
    head:
      `AXCSAAA Flight recorder\r\nHFDTEDATE:${ddmmyy(dateOf(0))},01\r\nHFPLTPILOTINCHARGE:Alice Example\r\nHFGTYGLIDERTYPE:ASK 21\r\nHFGIDGLIDERID:LN-GAA\r\n` +
      'HFDTMGPSDATUM:WGS84\r\nHFFTYFRTYPE:XCSoar,6.8\r\nHFGPSRECEIVER:u-blox,8,12,9999\r\nHFPRSPRESSALTSENSOR:Bosch,BMP280,9000\r\n',
    line: (i) =>
      `B${hhmmss(dateOf(i))}${igcAngle(lat(i), 2)}N${igcAngle(lon(i), 3)}EA${pad(alt(i) - 20, 5)}${pad(alt(i), 5)}\r\n`,
  }),
  {
    family: 'NMEA 0183 (RMC + GGA)',
    fileName: 'gps.nmea',
    kind: 'geo',
    streaming: true,
    recordsPerBlock: 1,
    resolutionMicros: 10_000,
    baseline: { kind: 'nmea-simple' },
    head: '',
    tail: '',
    block: (i) => {
      const d = dateOf(i);
      const time = `${hhmmss(d)}.${pad(Math.floor(d.getUTCMilliseconds() / 10))}`;
      const position = `${nmeaAngle(lat(i), 2)},N,${nmeaAngle(lon(i), 3)},E`;
      return (
        sentence(`GPRMC,${time},A,${position},${(i % 400) / 10},${((i * 3) % 3600) / 10},${ddmmyy(d)},,,A`) +
        sentence(`GPGGA,${time},${position},1,${8 + (i % 5)},0.9,${alt(i)}.0,M,46.9,M,,`)
      );
    },
  },
  lineSample({
    family: 'Flightradar24 CSV export',
    fileName: 'SAS1234_3a1b2c3d.csv',
    kind: 'geo',
    resolutionMicros: SECOND,
    baseline: { kind: 'papaparse', delimiter: ',' },
    head: 'Timestamp,UTC,Callsign,Position,Altitude,Speed,Direction\n',
    line: (i) =>
      `${Math.floor(micros(i) / SECOND)},${iso(i, 0)},${pick(CALLSIGNS, i)},"${lat(i).toFixed(6)},${lon(i).toFixed(6)}",${alt(i) * 3},${i % 480},${(i * 3) % 360}\n`,
  }),
  lineSample({
    family: 'Garmin G1000 flight-data log',
    fileName: 'log_251231_150000_KJFK.csv',
    kind: 'geo',
    resolutionMicros: SECOND,
    baseline: { kind: 'papaparse', delimiter: ',' },
    head:
      '#airframe_info, log_version="1.00", airframe_name="Cessna 172S", unit_software_part_number="006-B0319-B6", unit_software_version="15.05", system_id="1234567", mode=NORMAL,\r\n' +
      '#yyy-mm-dd, hh:mm:ss,   hh:mm,  ident,      degrees,      degrees, ft Baro,  inch,  ft msl, deg C,     kt,     kt,     fpm,    deg,    deg,    deg,   deg, volts\r\n' +
      '  Lcl Date, Lcl Time, UTCOfst, AtvWpt,     Latitude,    Longitude,    AltB, BaroA,  AltMSL,   OAT,    IAS, GndSpd,    VSpd,  Pitch,   Roll,   HDG,   TRK, volt1\r\n',
    line: (i) => {
      const local = new Date(Math.floor(micros(i) / 1000) + G1000_OFFSET_HOURS * 3_600_000);
      const date = `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}`;
      const time = `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}`;
      const feet = (alt(i) * 3.28084).toFixed(1);
      return `${date}, ${time},  -05:00,   ${i % 2 === 0 ? 'KJFK' : 'KBOS'}, ${lat(i).toFixed(7).padStart(12)}, ${lon(i).toFixed(7).padStart(12)}, ${feet.padStart(7)}, 29.92, ${feet.padStart(7)}, ${pad(i % 20)}.0, ${(i % 140).toFixed(1).padStart(6)}, ${(i % 150).toFixed(1).padStart(6)}, ${((i % 1000) - 500).toFixed(1).padStart(7)}, ${(((i % 20) - 10) / 2).toFixed(1).padStart(6)}, ${(((i % 40) - 20) / 2).toFixed(1).padStart(6)}, ${((i * 3) % 360).toFixed(1).padStart(5)}, ${((i * 3) % 360).toFixed(1).padStart(5)}, 28.1\r\n`;
    },
  }),
];
