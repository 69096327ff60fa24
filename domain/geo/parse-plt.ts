/*
 * OziExplorer's track file (.plt, "OziExplorer Track Point File Version 2.1"), as its file-format
 * notes lay it out: six header lines (the datum on the 2nd, the track's name in the 4th field of the
 * 5th), then a point a line: latitude, longitude, a code (1 starts a new segment: not needed), the altitude in
 * feet (-777 when none), the time as days since 1899-12-30 (Delphi's TDateTime, in UTC as GPSBabel
 * reads it), and that date and time again as text (its month named in the PC's language: not read).
 */
import { countNoun } from '../count-noun.ts';
import { textLines } from '../import/text-lines.ts';
import { named, trackItem, type GeoItem } from './track-fix.ts';

const PLT_HEADER = /^OziExplorer Track Point File Version \d/i;
const HEADER_LINES = 6;
const NO_ALTITUDE_FEET = -777;
const FEET_METRES = 0.3048;
const DAY_MICROS = 86_400_000_000;
// 1899-12-30T00:00:00Z, day 0 of Delphi's (and OLE Automation's) TDateTime.
const DAY_ZERO_MICROS = Date.UTC(1899, 11, 30) * 1000;

/** Detection's words for an OziExplorer track from its first lines, undefined when it is none. */
export function pltReason(lines: readonly string[], sampleNote: string): string | undefined {
  if (!PLT_HEADER.test(lines[0] ?? '')) return undefined;
  const datum = (lines[1] ?? '').trim();
  const points = lines.slice(HEADER_LINES).filter((line) => /^\s*-?\d/.test(line)).length;
  const other = /^WGS ?84$/i.test(datum)
    ? ''
    : ` The datum is "${datum}", read as WGS 84: positions may be off by up to a few hundred metres.`;
  return `An OziExplorer track (.plt): ${countNoun(points, 'point')} ${sampleNote}, each at its day count (days since 1899-12-30, UTC), its altitude in feet (-777: none); the track named by its header.${other}`;
}

/** A point line's time: its day count made microseconds, a text when it is no number. */
function timeOf(days: string | undefined): number | string | undefined {
  const text = days?.trim() ?? '';
  if (text === '') return undefined;
  const value = Number(text);
  // Day 0 and before: OziExplorer's "no date" (a preset date replaces it in OziExplorer itself).
  if (!Number.isFinite(value) || value <= 0) return text;
  // Seven decimals of a day are 8.64 ms: a time that close to a whole second is that second.
  const micros = Math.round(DAY_ZERO_MICROS + value * DAY_MICROS);
  const second = Math.round(micros / 1e6) * 1e6;
  return Math.abs(micros - second) <= 4320 ? second : micros;
}

export async function* parsePlt(text: AsyncIterable<string>): AsyncGenerator<GeoItem[]> {
  let name = '';
  let points = 0;
  for await (const lines of textLines(text, undefined, 'an OziExplorer track')) {
    const items: GeoItem[] = [];
    for (const { line, text: row } of lines) {
      if (line === 5) name = (row.split(',')[3] ?? '').trim();
      if (line <= HEADER_LINES || row.trim() === '') continue;
      const [latitude, longitude, , feet, days] = row.split(',');
      points += 1;
      const altitude = Number(feet);
      items.push(
        trackItem({
          line,
          actor: name,
          latitude: Number(latitude?.trim() || Number.NaN),
          longitude: Number(longitude?.trim() || Number.NaN),
          altitude: Number.isFinite(altitude) && altitude !== NO_ALTITUDE_FEET ? altitude * FEET_METRES : null,
          heading: null,
          timestamp: timeOf(days),
          label: `point ${points} of ${named('track', name, 1)}`,
        }),
      );
    }
    if (items.length > 0) yield items;
  }
}
