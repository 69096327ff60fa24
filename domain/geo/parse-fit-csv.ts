/*
 * A FIT activity converted by FitCSVTool (Garmin's FIT SDK): a row per message, "Type,Local
 * Number,Message" then (field, value, units) triples, so the columns mean something else on every
 * row. "Data" rows of the "record" message are the track: timestamp in seconds since FIT's epoch
 * (1989-12-31T00:00:00Z), position_lat/position_long in semicircles (or degrees, as their units
 * say), enhanced_altitude or altitude, heading where a device writes one. Some devices split one
 * instant over several record messages (Bosch's eBike Flow: the position in one, altitude and speed
 * in the next, same timestamp): consecutive records of one timestamp are one point. A record without
 * a position (heart rate alone, indoors or before a fix) is an invalid item saying so; the other
 * messages (file_id, event, lap, session, device_info) carry no track and are passed over.
 */
import { countNoun } from '../count-noun.ts';
import { textLines } from '../import/text-lines.ts';
import { splitLine } from '../import/split-line.ts';
import { FIT_EPOCH_MICROS } from './geo-time-reader.ts';
import { trackItem, type GeoItem } from './track-fix.ts';

const FIT_CSV_HEADER = /^Type,Local Number,Message,Field 1,Value 1,Units 1\b/;
const SEMICIRCLE_DEGREES = 180 / 2 ** 31;

/** Detection's words for a FitCSVTool file from its first lines, undefined when it is none. */
export function fitCsvReason(lines: readonly string[], sampleNote: string): string | undefined {
  if (!FIT_CSV_HEADER.test(lines[0] ?? '')) return undefined;
  const records = lines.filter((line) => /^Data,\s*\d+,\s*record,/.test(line)).length;
  return `A FIT file as Garmin's FitCSVTool writes it (a row per message, then field, value and units): ${countNoun(records, '"record" row')} ${sampleNote}, each a point at its timestamp (seconds since FIT's epoch, 1989-12-31), at position_lat and position_long (semicircles); a record without a position is invalid, the other messages (lap, event, session) carry no track.`;
}

interface RecordField {
  readonly value: string;
  readonly units: string;
}

/** The (field, value, units) triples of a row after its first three cells. */
function fieldsOf(cells: readonly string[]): Map<string, RecordField> {
  const fields = new Map<string, RecordField>();
  for (let at = 3; at + 1 < cells.length; at += 3) {
    const name = cells[at]?.trim() ?? '';
    if (name !== '' && !fields.has(name)) fields.set(name, { value: cells[at + 1] ?? '', units: cells[at + 2] ?? '' });
  }
  return fields;
}

const numberIn = (field: RecordField | undefined) => {
  const text = field?.value.trim() ?? '';
  return text === '' ? Number.NaN : Number(text);
};
const optional = (field: RecordField | undefined) => {
  const value = numberIn(field);
  return Number.isFinite(value) ? value : null;
};
const degrees = (field: RecordField | undefined) =>
  /semicircle/i.test(field?.units ?? '') ? numberIn(field) * SEMICIRCLE_DEGREES : numberIn(field);

function recordItem(line: number, number: number, fields: Map<string, RecordField>): GeoItem {
  const label = `record ${number}`;
  const seconds = numberIn(fields.get('timestamp'));
  if (!fields.has('position_lat') || !fields.has('position_long'))
    return {
      line,
      reason: `${label} has no position (position_lat and position_long are not in it: a sensor reading without a GPS fix)`,
    };
  // Metres, as the FIT profile defines both (enhanced_altitude: the 32-bit field newer devices write).
  const altitude = optional(fields.get('enhanced_altitude')) ?? optional(fields.get('altitude'));
  const heading = optional(fields.get('heading'));
  return trackItem({
    line,
    actor: '',
    latitude: degrees(fields.get('position_lat')),
    longitude: degrees(fields.get('position_long')),
    altitude,
    heading: heading !== null && heading >= 0 && heading <= 360 ? heading : null,
    timestamp: Number.isFinite(seconds) ? FIT_EPOCH_MICROS + Math.round(seconds * 1_000_000) : undefined,
    label,
  });
}

export async function* parseFitCsv(text: AsyncIterable<string>): AsyncGenerator<GeoItem[]> {
  let records = 0;
  let open: { line: number; fields: Map<string, RecordField> } | undefined;
  const flush = (items: GeoItem[]) => {
    if (open === undefined) return;
    records += 1;
    items.push(recordItem(open.line, records, open.fields));
    open = undefined;
  };
  for await (const lines of textLines(text, undefined, 'a FitCSVTool file')) {
    const items: GeoItem[] = [];
    for (const { line, text: row } of lines) {
      if (!row.startsWith('Data,')) continue;
      const cells = splitLine(row, ',', true);
      if (cells[2]?.trim() !== 'record') continue;
      const fields = fieldsOf(cells);
      const timestamp = fields.get('timestamp')?.value;
      if (open !== undefined && timestamp !== undefined && open.fields.get('timestamp')?.value === timestamp) {
        for (const [name, field] of fields) if (!open.fields.has(name)) open.fields.set(name, field);
        continue;
      }
      flush(items);
      open = { line, fields };
    }
    if (items.length > 0) yield items;
  }
  const last: GeoItem[] = [];
  flush(last);
  if (last.length > 0) yield last;
}
