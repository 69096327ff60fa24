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
import { coordinateDegrees, decimalCommaNumber } from './coordinate-text.ts';
import { compactClockColumn, compactDateOrder, isCompactDate } from './compact-date-time.ts';
import { dateOrderOf, semicolonLayout } from './geo-csv-locale.ts';
import { GPS_WEEK_NAMES, NAMES, ORDER, isInstantName, normalize } from './geo-column-names.ts';
import {
  coordinateUnitOf,
  elapsedMillisecondsColumn,
  gpsTimeOfWeekUnit,
  gpsWeekPair,
  headingUnitOf,
  isFitEpochTimestamp,
  isGpsTimeOfWeek,
  isGpsWeek,
} from './geo-column-units.ts';
import { fractionBeforeZone, offsetSeconds, WKT_POINT } from './geo-record.ts';
import { feetProducer } from './feet-producers.ts';
import { gridReferenceReason } from './grid-references.ts';
import { isHemisphereColumn } from './hemisphere-columns.ts';
import { measureOf } from './measure-cell.ts';
import {
  delimiterChar,
  type GeoColumn,
  type IdentifiedColumns,
  type MapDelimiter,
  type MapNumericUnit,
  type MapSettings,
  mapNameFromFile,
} from './geo-settings.ts';

const MAP_DELIMITER_OF: Readonly<Record<string, MapDelimiter>> = { ',': 'comma', '\t': 'tab', ';': 'semicolon' };

export interface GeoDetection {
  readonly settings: MapSettings;
  /** What was decided and from which evidence, in the analyst's words. */
  readonly reason: string;
  readonly columns: readonly string[];
  readonly sampleRows: readonly (readonly string[])[];
}

const DATE_CELL = /^\s*(\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\d{1,2}[-/.]\d{1,2}[-/.]\d{2,4})\s*$/;
const NUMBER = /^\s*[+-]?\d+(\.\d+)?\s*$/;
const TIME_OF_DAY = /^\s*\d{1,2}:\d{2}:\d{2}(\.\d{1,6})?( [AaPp][Mm])?\s*$/;
const LAT_LON = /^\s*[+-]?\d+(\.\d+)?\s*[,;]\s*[+-]?\d+(\.\d+)?\s*$/;
// 1990-01-01: a numeric "time" before that is a count since start, not an instant.
const PLAUSIBLE_MICROS = 631_152_000_000_000;

/** Epoch seconds up to 11 digits, milliseconds 12-14 (1973 to 5138), microseconds 15-16, nanoseconds 17-19. */
function mapUnitOf(cells: readonly string[]): Exclude<MapNumericUnit, 'fit-seconds'> {
  const numeric = cells.filter((cell) => NUMBER.test(cell));
  const all = (digits: RegExp) => numeric.length > 0 && numeric.every((cell) => digits.test(cell));
  if (all(/^\s*\d{12,14}(\.\d{1,3})?\s*$/)) return 'milliseconds';
  if (all(/^\s*\d{17,19}\s*$/)) return 'nanoseconds';
  return unitOf(cells);
}

function fits(kind: GeoColumn, cells: readonly string[], decimalComma: boolean, name = ''): boolean {
  const filled = cells.filter((cell) => cell.trim() !== '');
  if (kind === 'date' && filled.length > 0 && isGpsWeek(name, filled)) return true;
  if (kind === 'hour_minute_second' && filled.length > 0 && isGpsTimeOfWeek(name, filled)) return true;
  if (filled.length === 0)
    return kind === 'actor' || kind === 'altitude' || kind === 'heading' || kind === 'pitch' || kind === 'roll';
  switch (kind) {
    case 'timestamp': {
      const unit = mapUnitOf(filled);
      const utc = resolveTimeZone('UTC');
      const instant = (cell: string) =>
        parseEventTime(cell, utc, unit) ?? parseEventTime(fractionBeforeZone(cell.trim()) ?? '', utc, unit) ?? 0;
      return filled.every((cell) => instant(cell) >= PLAUSIBLE_MICROS || /^\d{4}-\d{2}-\d{2}$/.test(cell.trim()));
    }
    case 'hour_minute_second':
      return filled.every((cell) => TIME_OF_DAY.test(cell));
    case 'date':
      // Bare digits (250724, 20250724) only in a column named as a date.
      return filled.every((cell) => DATE_CELL.test(cell) || (name !== '' && isCompactDate(cell)));
    case 'utc_offset':
      return filled.every((cell) => offsetSeconds(cell.trim()) !== undefined);
    case 'position':
      // A WKT column may hold lines and polygons beside its points: each of those is its row's reason.
      return (
        filled.every((cell) => LAT_LON.test(cell) || /^\s*[A-Z]+\s*Z?M?\s*\(/i.test(cell)) &&
        filled.some((cell) => LAT_LON.test(cell) || WKT_POINT.test(cell.trim()))
      );
    case 'actor':
      return true;
    case 'latitude':
    case 'longitude':
      return filled.every((cell) => NUMBER.test(cell) || !Number.isNaN(coordinateDegrees(cell, kind, decimalComma)));
    case 'elapsed_milliseconds':
      return filled.every((cell) => /^\s*\d+\s*$/.test(cell));
    case 'latitude_hemisphere':
    case 'longitude_hemisphere':
      return isHemisphereColumn(kind, filled);
    default: {
      // Traccar's report writes units in the cells ("3.0 m", "90°"). A cell in a unit the column cannot
      // mean ("12 km/h" as an altitude) is its row's reason, as long as most cells read.
      let otherUnits = 0;
      const read = filled.every((cell) => {
        if (NUMBER.test(cell) || (decimalComma && !Number.isNaN(decimalCommaNumber(cell.trim())))) return true;
        const measured = measureOf(cell.trim(), kind, decimalComma);
        if (typeof measured === 'string') otherUnits += 1;
        return measured !== undefined;
      });
      return read && otherUnits * 2 < filled.length;
    }
  }
}

/** Column index → kind, by names first and sample cells second. */
function identifyColumns(
  columns: readonly string[],
  sampleRows: readonly (readonly string[])[],
  decimalComma = false,
): IdentifiedColumns {
  const names = columns.map(normalize);
  const identified: IdentifiedColumns = {};
  const taken = new Set<number>();
  for (const kind of ORDER) {
    if (kind === 'position' && Object.values(identified).includes('latitude')) continue;
    // Every column of a name is tried: FlightAware's table has "Time (EST)" of weekdays, then "Time (UTC)".
    const found = (kind === 'timestamp' ? [...NAMES.timestamp, ...names.filter(isInstantName)] : NAMES[kind])
      .flatMap((wanted) =>
        names.flatMap((name, at) => (name === wanted && !taken.has(at) ? [[at, wanted] as const] : [])),
      )
      .find(([index, wanted]) =>
        fits(
          kind,
          sampleRows.map((row) => row[index] ?? ''),
          decimalComma,
          wanted,
        ),
      );
    if (found === undefined) continue;
    identified[String(found[0])] = kind;
    taken.add(found[0]);
  }
  // A GPS week and time of week make an instant together, and only when no timestamp says it already
  // (mavlogdump writes one beside GWk and GMS).
  const weekIndex = Object.keys(identified).find((index) => gpsWeekPair(identified, names, index) === 'week');
  const towIndex = Object.keys(identified).find((index) => gpsWeekPair(identified, names, index) === 'time');
  if (weekIndex !== undefined || towIndex !== undefined) {
    if (weekIndex === undefined || towIndex === undefined || Object.values(identified).includes('timestamp')) {
      for (const index of [weekIndex, towIndex]) if (index !== undefined) delete identified[index];
    }
  }
  // A date of bare digits goes with a time of day of bare digits ("173418") in a column named as one.
  const compactDate = Object.keys(identified).find(
    (index) => identified[index] === 'date' && sampleRows.every((row) => isCompactDate(row[Number(index)] ?? '')),
  );
  if (compactDate !== undefined && !Object.values(identified).includes('hour_minute_second')) {
    const clock = compactClockColumn(NAMES.hour_minute_second, names, sampleRows, taken);
    if (clock !== undefined) {
      identified[String(clock)] = 'hour_minute_second';
      taken.add(clock);
    }
  }
  // A date with no time of day beside it is the whole time there is.
  const dateIndex = Object.keys(identified).find((index) => identified[index] === 'date');
  if (dateIndex !== undefined && !Object.values(identified).includes('hour_minute_second')) {
    // Bare digits alone ("250724") are no instant a timestamp column could read.
    if (Object.values(identified).includes('timestamp') || dateIndex === compactDate) delete identified[dateIndex];
    else identified[dateIndex] = 'timestamp';
  }
  // Without a header (or with unusual names), a column of dates or of times of day still counts.
  const kinds = new Set(Object.values(identified));
  if (!kinds.has('timestamp') && !kinds.has('hour_minute_second')) {
    for (let index = 0; index < columns.length; index += 1) {
      if (taken.has(index)) continue;
      const cells = sampleRows.map((row) => row[index] ?? '');
      if (cells.some((cell) => NUMBER.test(cell))) continue;
      if (fits('timestamp', cells, decimalComma)) identified[String(index)] = 'timestamp';
      else if (fits('hour_minute_second', cells, decimalComma)) identified[String(index)] = 'hour_minute_second';
      else continue;
      break;
    }
  }
  const elapsed = elapsedMillisecondsColumn(columns, sampleRows, identified, taken);
  if (elapsed !== undefined) identified[String(elapsed)] = 'elapsed_milliseconds';
  return identified;
}

/** Leading "#" lines (an avionics log's airframe line and units row), not Zeek's "#separator" header. */
function commentLines(text: string): string[] {
  const lines: string[] = [];
  let at = 0;
  while (text.startsWith('#', at) && !text.startsWith('#separator', at)) {
    const end = text.indexOf('\n', at);
    if (end === -1) break;
    lines.push(text.slice(at, end).replace(/\r$/, ''));
    at = end + 1;
  }
  return lines;
}

const FEET = /(^|[^a-z])ft([^a-z]|$)|feet/;
const METRES = /(^|[^a-z])m([^a-z]|$)|meters|metres/;

/** Settings guessed from the start of a file (`complete` when `text` is the whole of it), or why none fit. */
export function detectGeoSettings(
  text: string,
  complete: boolean,
  fileName: string,
  mapIndex = 0,
): GeoDetection | string {
  const comments = commentLines(text);
  const rest = comments.length === 0 ? text : text.split('\n').slice(comments.length).join('\n');
  const sniffed = sniffDelimited(rest, complete);
  if (typeof sniffed === 'string') return sniffed;
  const semicolons = sniffed.layout.delimiter === ',' ? semicolonLayout(rest) : undefined;
  const guess =
    semicolons === undefined
      ? sniffed
      : { ...semicolons, layout: { ...sniffed.layout, delimiter: ';', headerRows: 1, preambleRows: 0 } };
  const delimiter = MAP_DELIMITER_OF[guess.layout.delimiter];
  if (delimiter === undefined)
    return `is delimited by "${guess.layout.delimiter}", which maps do not read: use commas, tabs or semicolons`;
  const identifiedColumns = identifyColumns(guess.columns, guess.sampleRows, delimiter !== 'comma');
  const kinds = Object.values(identifiedColumns);
  const grid =
    kinds.includes('latitude') || kinds.includes('position') ? undefined : gridReferenceReason(guess.columns);
  if (grid !== undefined) return grid;
  const indexOf = (kind: GeoColumn) => Object.entries(identifiedColumns).find(([, each]) => each === kind)?.[0];
  const nameOf = (kind: GeoColumn) => {
    const index = indexOf(kind);
    return index === undefined ? '' : (guess.columns[Number(index)] ?? '').trim();
  };
  // A units row is the last "#" line when it has one cell per column ("#yyy-mm-dd, hh:mm:ss, ..., ft msl").
  const unitsRow =
    comments.length === 0
      ? undefined
      : comments[comments.length - 1]!.slice(1)
          .split(delimiterChar(delimiter))
          .map((cell) => cell.trim().toLowerCase());
  const units = unitsRow !== undefined && unitsRow.length === guess.columns.length ? unitsRow : undefined;
  const altitudeIndex = indexOf('altitude');
  const altitudeUnitText = altitudeIndex === undefined ? '' : (units?.[Number(altitudeIndex)] ?? '');
  const normalizedNames = guess.columns.map(normalize);
  const producerFeet = feetProducer({
    names: normalizedNames,
    altitudeName: nameOf('altitude'),
    actorName: nameOf('actor'),
    hasPosition: indexOf('position') !== undefined,
    preamble: rest.split('\n', guess.layout.preambleRows),
  });
  const feet = producerFeet !== undefined || FEET.test(nameOf('altitude').toLowerCase()) || FEET.test(altitudeUnitText);
  const timestampIndex = indexOf('timestamp');
  const cellsOf = (index: string | undefined) =>
    index === undefined ? [] : guess.sampleRows.map((row) => row[Number(index)] ?? '');
  const gpsWeek = GPS_WEEK_NAMES.includes(normalize(nameOf('date')));
  const numericUnit = gpsWeek
    ? gpsTimeOfWeekUnit(normalize(nameOf('hour_minute_second')), cellsOf(indexOf('hour_minute_second')))
    : timestampIndex === undefined
      ? 'seconds'
      : isFitEpochTimestamp(normalize(nameOf('timestamp')), cellsOf(timestampIndex), normalizedNames)
        ? 'fit-seconds'
        : mapUnitOf(cellsOf(timestampIndex));
  const coordinates = coordinateUnitOf(guess.columns, cellsOf(indexOf('latitude')), cellsOf(indexOf('longitude')), [
    indexOf('latitude'),
    indexOf('longitude'),
  ]);
  // MAVLink and PX4 write altitudes as integer millimetres beside their 1e7 coordinates.
  const altitudeCells = cellsOf(altitudeIndex).filter((cell) => cell.trim() !== '');
  const millimetres =
    coordinates.unit === 'degrees-e7' &&
    altitudeCells.length > 0 &&
    altitudeCells.every((cell) => /^\s*-?\d+\s*$/.test(cell)) &&
    !FEET.test(nameOf('altitude').toLowerCase()) &&
    !METRES.test(nameOf('altitude').toLowerCase());
  const heading = headingUnitOf(normalize(nameOf('heading')), cellsOf(indexOf('heading')), coordinates.unit);
  const dateCells = cellsOf(indexOf('date') ?? timestampIndex);
  const dateOrder =
    indexOf('date') !== undefined && dateCells.every(isCompactDate)
      ? compactDateOrder(dateCells)
      : dateOrderOf(
          dateCells,
          delimiter === 'semicolon' || cellsOf(indexOf('latitude')).some((cell) => /^\s*-?\d+,\d+\s*$/.test(cell)),
        );
  const aircraft =
    producerFeet !== undefined ||
    normalize(nameOf('actor')) === 'callsign' ||
    comments.some((line) => /airframe/i.test(line));

  const said: string[] = [
    `delimited text (${delimiter}-separated${delimiter === 'comma' ? '' : ', decimal commas read'}, ${guess.columns.length} columns)`,
  ];
  if (comments.length > 0)
    said.push(
      `${comments.length} "#" line${comments.length === 1 ? '' : 's'} before the header${units ? ' (the last one a units row)' : ''}`,
    );
  if (gpsWeek)
    said.push(
      `time from the GPS week "${nameOf('date')}" and the ${numericUnit} into it "${nameOf('hour_minute_second')}" (GPS time, made UTC by the leap seconds of its day)`,
    );
  else if (indexOf('date') !== undefined)
    said.push(
      `time from the date "${nameOf('date')}" and the time of day "${nameOf('hour_minute_second')}"${/\blocal\b/i.test(nameOf('hour_minute_second')) ? " (local time, as its name says: set the map's time zone)" : ''}`,
    );
  else if (timestampIndex !== undefined)
    said.push(
      `time from "${nameOf('timestamp')}"${/^\s*\d+(\.\d+)?\s*$/.test(guess.sampleRows[0]?.[Number(timestampIndex)] ?? '') ? ` (${numericUnit === 'fit-seconds' ? 'Garmin FIT seconds since 1989-12-31: a FIT record read unconverted, its values before 2011 as Unix seconds' : `epoch ${numericUnit}`})` : ''}`,
    );
  else if (indexOf('hour_minute_second') !== undefined)
    said.push(
      `time of day from "${nameOf('hour_minute_second')}" with no date in the file: set the default year-month-day`,
    );
  const unitCells = (['altitude', 'heading'] as const).filter((kind) =>
    cellsOf(indexOf(kind)).some((cell) => typeof measureOf(cell.trim(), kind, delimiter !== 'comma') === 'number'),
  );
  if (unitCells.length > 0)
    said.push(
      `${unitCells.map((kind) => `${kind} "${nameOf(kind)}" ("${cellsOf(indexOf(kind))[0]?.trim() ?? ''}")`).join(' and ')} written with the unit in each cell, read in that unit`,
    );
  if (indexOf('elapsed_milliseconds') !== undefined)
    said.push(
      `the timestamp's whole seconds given their fraction by "${nameOf('elapsed_milliseconds')}" (milliseconds since the start, counted from the first point's second)`,
    );
  if (dateOrder.why !== undefined) said.push(dateOrder.why);
  if (heading.why !== undefined) said.push(heading.why);
  if (indexOf('utc_offset') !== undefined)
    said.push(`local times made UTC by the offset column "${nameOf('utc_offset')}"`);
  if (indexOf('position') !== undefined)
    said.push(
      `position from "${nameOf('position')}" (${cellsOf(indexOf('position')).some((cell) => WKT_POINT.test(cell.trim())) ? 'WKT points, longitude before latitude' : '"lat,lon"'})`,
    );
  if (coordinates.why !== undefined) said.push(coordinates.why);
  const hemispheres = (['latitude_hemisphere', 'longitude_hemisphere'] as const).filter((kind) => indexOf(kind));
  if (hemispheres.length > 0)
    said.push(`hemispheres from ${hemispheres.map((kind) => `"${nameOf(kind)}"`).join(' and ')} (S and W below zero)`);
  if (altitudeIndex !== undefined && millimetres)
    said.push(`altitude "${nameOf('altitude')}" in millimetres (whole numbers beside coordinates in 1e-7 degrees)`);
  else if (altitudeIndex !== undefined && !unitCells.includes('altitude')) {
    const why =
      producerFeet ??
      (altitudeUnitText !== ''
        ? `the units row says "${altitudeUnitText}"`
        : feet
          ? 'its name says feet'
          : METRES.test(nameOf('altitude').toLowerCase())
            ? 'its name says metres'
            : 'no unit named, so metres');
    said.push(`altitude "${nameOf('altitude')}" in ${feet ? 'feet' : 'metres'} (${why})`);
  }
  return {
    settings: {
      format: 'csv',
      name: mapNameFromFile(fileName),
      colour: CHART_PALETTE[mapIndex % CHART_PALETTE.length]!.light,
      icon: aircraft ? 'airplane' : 'circle',
      defaultTimeZone: 'UTC',
      defaultDate: null,
      delimiter,
      headerRowCount: guess.layout.headerRows ?? 0,
      preambleRowCount: guess.layout.preambleRows + comments.length,
      identifiedColumns,
      numericUnit,
      altitudeUnit: millimetres ? 'millimetres' : feet ? 'feet' : 'metres',
      coordinateUnit: coordinates.unit,
      ...(dateOrder.order === undefined ? {} : { dateOrder: dateOrder.order }),
      ...(heading.unit === 'degrees' ? {} : { headingUnit: heading.unit }),
    },
    reason: `${said.join('; ')}.`,
    columns: guess.columns,
    sampleRows: guess.sampleRows,
  };
}

/** The column names and first data rows of `text` read by `settings` (after the analyst changed the layout). */
export function columnsBySettings(
  text: string,
  settings: Pick<MapSettings, 'delimiter' | 'headerRowCount' | 'preambleRowCount'>,
): { columns: string[]; sampleRows: string[][] } {
  let rest = text;
  for (let skipped = 0; skipped < settings.preambleRowCount; skipped += 1) {
    const end = rest.indexOf('\n');
    rest = end === -1 ? '' : rest.slice(end + 1);
  }
  const parsed = Papa.parse<string[]>(rest, {
    delimiter: delimiterChar(settings.delimiter),
    newline: '\n',
    quoteChar: '"',
    preview: settings.headerRowCount + 10,
    skipEmptyLines: true,
  });
  const rows = parsed.data.map((fields) => fields.map((field) => field.replace(/\r$/, '')));
  const width = rows[0]?.length ?? 0;
  const header =
    settings.headerRowCount > 0 ? (rows[settings.headerRowCount - 1] ?? []) : Array.from({ length: width }, () => '');
  return { columns: columnNames(header), sampleRows: rows.slice(settings.headerRowCount) };
}
