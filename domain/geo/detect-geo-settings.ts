/*
 * A first guess at a geo CSV's settings from its first bytes: the layout (delimiter, preamble and
 * header rows) as the create-stream sniffer finds it, then the geo columns of section 3 by name
 * (units in brackets dropped: "compass_heading(degrees)" is a heading) and checked on the sample
 * cells (a "time" column counting milliseconds since take-off is not a timestamp).
 */
import Papa from 'papaparse';
import { CHART_PALETTE } from '../color/palette.ts';
import { columnNames } from '../import/delimited-record.ts';
import { parseEventTime } from '../import/parse-event-time.ts';
import { sniffDelimited, unitOf } from '../import/sniff-delimited.ts';
import { resolveTimeZone } from '../time/time-zone-loader.ts';
import type { GeoColumn, IdentifiedColumns, MapSettings } from './geo-settings.ts';

export interface GeoDetection {
  readonly settings: MapSettings;
  readonly columns: readonly string[];
  readonly sampleRows: readonly (readonly string[])[];
}

// Earlier names win; a name is compared lower-case, brackets and non-alphanumerics dropped.
const NAMES: Record<GeoColumn, readonly string[]> = {
  timestamp: ['timestamp', 'datetimeutc', 'datetime', 'utc', 'time', 'date', 'ts', 'gpstime', 'timeutc'],
  hour_minute_second: ['hourminutesecond', 'hms', 'timeofday', 'clock', 'localtime'],
  actor: ['actor', 'callsign', 'flight', 'aircraft', 'registration', 'icao24', 'vehicle', 'drone', 'name', 'track', 'id'],
  latitude: ['latitude', 'lat'],
  longitude: ['longitude', 'lon', 'lng', 'long'],
  position: ['position', 'latlon', 'latlng', 'coordinates', 'location'],
  altitude: ['altitude', 'altitudeabovesealevel', 'alt', 'elevation', 'height', 'heightabovetakeoff'],
  heading: ['heading', 'compassheading', 'yaw', 'direction', 'course', 'bearing', 'truetrack'],
  pitch: ['pitch'],
  roll: ['roll'],
};
const ORDER: readonly GeoColumn[] = ['latitude', 'longitude', 'position', 'timestamp', 'hour_minute_second', 'altitude', 'heading', 'pitch', 'roll', 'actor'];

const normalize = (name: string) => name.toLowerCase().replace(/\([^)]*\)|\[[^\]]*\]/g, '').replace(/[^a-z0-9]/g, '');
const NUMBER = /^\s*[+-]?\d+(\.\d+)?\s*$/;
const TIME_OF_DAY = /^\s*\d{1,2}:\d{2}:\d{2}(\.\d{1,6})?( [AaPp][Mm])?\s*$/;
const LAT_LON = /^\s*[+-]?\d+(\.\d+)?\s*[,;]\s*[+-]?\d+(\.\d+)?\s*$/;
// 1990-01-01: a numeric "time" before that is a count since start, not an instant.
const PLAUSIBLE_MICROS = 631_152_000_000_000;

function fits(kind: GeoColumn, cells: readonly string[]): boolean {
  const filled = cells.filter((cell) => cell.trim() !== '');
  if (filled.length === 0) return kind === 'actor' || kind === 'altitude' || kind === 'heading' || kind === 'pitch' || kind === 'roll';
  switch (kind) {
    case 'timestamp': {
      const unit = unitOf(filled);
      const utc = resolveTimeZone('UTC');
      return filled.every((cell) => (parseEventTime(cell, utc, unit) ?? 0) >= PLAUSIBLE_MICROS || /^\d{4}-\d{2}-\d{2}$/.test(cell.trim()));
    }
    case 'hour_minute_second':
      return filled.every((cell) => TIME_OF_DAY.test(cell));
    case 'position':
      return filled.every((cell) => LAT_LON.test(cell));
    case 'actor':
      return true;
    default:
      return filled.every((cell) => NUMBER.test(cell));
  }
}

/** Column index → kind, by names first and sample cells second. */
export function identifyColumns(columns: readonly string[], sampleRows: readonly (readonly string[])[]): IdentifiedColumns {
  const names = columns.map(normalize);
  const identified: IdentifiedColumns = {};
  const taken = new Set<number>();
  for (const kind of ORDER) {
    if (kind === 'position' && Object.values(identified).includes('latitude')) continue;
    for (const wanted of NAMES[kind]) {
      const index = names.findIndex((name, at) => name === wanted && !taken.has(at));
      if (index === -1) continue;
      if (!fits(kind, sampleRows.map((row) => row[index] ?? ''))) continue;
      identified[String(index)] = kind;
      taken.add(index);
      break;
    }
  }
  // Without a header (or with unusual names), a column of dates or of times of day still counts.
  const kinds = new Set(Object.values(identified));
  if (!kinds.has('timestamp') && !kinds.has('hour_minute_second')) {
    for (let index = 0; index < columns.length; index += 1) {
      if (taken.has(index)) continue;
      const cells = sampleRows.map((row) => row[index] ?? '');
      if (cells.some((cell) => NUMBER.test(cell))) continue;
      if (fits('timestamp', cells)) identified[String(index)] = 'timestamp';
      else if (fits('hour_minute_second', cells)) identified[String(index)] = 'hour_minute_second';
      else continue;
      break;
    }
  }
  return identified;
}

/** The file's base name without extension, as the map's first name. */
export function mapNameFromFile(fileName: string): string {
  const base = fileName.replace(/^.*[\\/]/, '').replace(/\.[^.]*$/, '').trim();
  return (base === '' ? 'Map' : base).slice(0, 200);
}

/** Settings guessed from the start of a file (`complete` when `text` is the whole of it), or why none fit. */
export function detectGeoSettings(text: string, complete: boolean, fileName: string, mapIndex = 0): GeoDetection | string {
  const guess = sniffDelimited(text, complete);
  if (typeof guess === 'string') return guess;
  const identifiedColumns = identifyColumns(guess.columns, guess.sampleRows);
  const timestampIndex = Object.entries(identifiedColumns).find(([, kind]) => kind === 'timestamp')?.[0];
  const altitudeIndex = Object.entries(identifiedColumns).find(([, kind]) => kind === 'altitude')?.[0];
  const altitudeName = altitudeIndex === undefined ? '' : (guess.columns[Number(altitudeIndex)] ?? '').toLowerCase();
  const actorIndex = Object.entries(identifiedColumns).find(([, kind]) => kind === 'actor')?.[0];
  const actorName = actorIndex === undefined ? '' : (guess.columns[Number(actorIndex)] ?? '').toLowerCase();
  // NOTE: Flightradar24's CSV (Callsign, Position "lat,lon", Altitude) gives altitude in feet without
  // saying so; read as metres the aircraft would fly three times too high.
  const flightradar = Object.values(identifiedColumns).includes('position') && actorName === 'callsign' && altitudeName === 'altitude';
  return {
    settings: {
      name: mapNameFromFile(fileName),
      colour: CHART_PALETTE[mapIndex % CHART_PALETTE.length]!.light,
      icon: actorName === 'callsign' ? 'airplane' : 'circle',
      defaultTimeZone: 'UTC',
      defaultDate: null,
      delimiter: guess.layout.delimiter === '\t' ? 'tab' : 'comma',
      headerRowCount: guess.layout.headerRows ?? 0,
      preambleRowCount: guess.layout.preambleRows,
      identifiedColumns,
      numericUnit: timestampIndex === undefined ? 'seconds' : unitOf(guess.sampleRows.map((row) => row[Number(timestampIndex)] ?? '')),
      altitudeUnit: flightradar || /feet|\bft\b|\(ft\)/.test(altitudeName) ? 'feet' : 'metres',
    },
    columns: guess.columns,
    sampleRows: guess.sampleRows,
  };
}

/** The column names and first data rows of `text` read by `settings` (after the analyst changed the layout). */
export function columnsBySettings(text: string, settings: Pick<MapSettings, 'delimiter' | 'headerRowCount' | 'preambleRowCount'>): { columns: string[]; sampleRows: string[][] } {
  let rest = text;
  for (let skipped = 0; skipped < settings.preambleRowCount; skipped += 1) {
    const end = rest.indexOf('\n');
    rest = end === -1 ? '' : rest.slice(end + 1);
  }
  const parsed = Papa.parse<string[]>(rest, { delimiter: settings.delimiter === 'tab' ? '\t' : ',', newline: '\n', quoteChar: '"', preview: settings.headerRowCount + 10, skipEmptyLines: true });
  const rows = parsed.data.map((fields) => fields.map((field) => field.replace(/\r$/, '')));
  const width = rows[0]?.length ?? 0;
  const header = settings.headerRowCount > 0 ? (rows[settings.headerRowCount - 1] ?? []) : Array.from({ length: width }, () => '');
  return { columns: columnNames(header), sampleRows: rows.slice(settings.headerRowCount) };
}
