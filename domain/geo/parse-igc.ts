/*
 * IGC flight logs (FAI's format for gliders and paragliders), read by hand line by line: igc-parser
 * wants the whole file as one string and stops at the first bad record, where a map wants every
 * fix and one invalid row per bad one. The date is in the header (HFDTE061109 or, since 2016,
 * HFDTEDATE:061109,01); B records carry only HHMMSS UTC, so the date rolls over when the clock goes
 * back past midnight. Altitude is GNSS when the fix is valid (A) and non-zero, else pressure. The I
 * record names extension columns: HDT (true heading) or TRT (true track) become the heading.
 * The actor is the glider id (HFGID), else the competition id (HFCID), else the pilot (HFPLT).
 */
import { named, trackItem, type GeoItem } from './track-fix.ts';
import { textLines } from '../import/text-lines.ts';

const B_RECORD = /^B(\d{2})(\d{2})(\d{2})(\d{2})(\d{5})([NS])(\d{3})(\d{5})([EW])([AV])([-\d]\d{4})([-\d]\d{4})/;
const DATE = /^HFDTE(?:DATE:)?\s*(\d{2})(\d{2})(\d{2})/;
const ACTOR_HEADERS: Record<string, number> = { HFGID: 0, HFCID: 1, HFPLT: 2 };
const SECONDS_PER_DAY = 86_400;
const HEADING_CODES = ['HDT', 'TRT', 'HDM'];

/** Days since 1970-01-01 of a date (UTC). */
const epochDay = (year: number, month: number, day: number) => Date.UTC(year, month - 1, day) / 86_400_000;

export async function* parseIgc(text: AsyncIterable<string>, defaultDate: string | null): AsyncGenerator<GeoItem[]> {
  const fallback = defaultDate === null ? undefined : defaultDate.split('-').map(Number);
  let day = fallback === undefined ? undefined : epochDay(fallback[0]!, fallback[1]!, fallback[2]!);
  let previousSeconds: number | undefined;
  let actor = '';
  let actorRank = Number.POSITIVE_INFINITY;
  let headingColumn: { start: number; end: number } | undefined;
  let fixes = 0;
  for await (const lines of textLines(text)) {
    const items: GeoItem[] = [];
    for (const { line, text: record } of lines) {
      const type = record.charAt(0);
      if (type === 'H') {
        const date = DATE.exec(record);
        if (date !== null) {
          const year = Number(date[3]);
          day = epochDay(year < 80 ? 2000 + year : 1900 + year, Number(date[2]), Number(date[1]));
        }
        const rank = ACTOR_HEADERS[record.slice(0, 5)];
        const value = record.slice(record.indexOf(':') + 1).trim();
        if (
          rank !== undefined &&
          rank < actorRank &&
          record.includes(':') &&
          value !== '' &&
          !/^(not set|none|n\/a)$/i.test(value)
        ) {
          actor = value;
          actorRank = rank;
        }
      } else if (type === 'I') {
        // I NN then NN groups of SS FF CCC: 1-based start and finish bytes and a three-letter code.
        const count = Number(record.slice(1, 3));
        const columns = Array.from({ length: count }, (_, index) => record.slice(3 + index * 7, 10 + index * 7));
        for (const code of HEADING_CODES) {
          const found = columns.find((column) => column.slice(4) === code);
          if (found !== undefined) {
            headingColumn = { start: Number(found.slice(0, 2)) - 1, end: Number(found.slice(2, 4)) };
            break;
          }
        }
      } else if (type === 'B') {
        fixes += 1;
        const label = `fix ${fixes} of ${named('flight', actor, 1)}`;
        const match = B_RECORD.exec(record);
        if (match === null) {
          items.push({
            line,
            reason: `${label}: '${record.slice(0, 40)}' is not a B record (BHHMMSS DDMMmmmN DDDMMmmmE A/V pressure GNSS altitude)`,
          });
          continue;
        }
        const [, hh, mm, ss, latDegrees, latMinutes, ns, lonDegrees, lonMinutes, ew, validity, pressure, gnss] = match;
        const seconds = Number(hh) * 3600 + Number(mm) * 60 + Number(ss);
        if (Number(hh) > 23 || Number(mm) > 59 || Number(ss) > 59) {
          items.push({ line, reason: `${label}: time ${hh}:${mm}:${ss} is not a time of day` });
          continue;
        }
        // NOTE: a clock going back by more than 12 hours crossed midnight; a step back of seconds is a logger's jitter.
        if (day !== undefined && previousSeconds !== undefined && seconds < previousSeconds - SECONDS_PER_DAY / 2)
          day += 1;
        previousSeconds = seconds;
        const latitude = (Number(latDegrees) + Number(latMinutes) / 60_000) * (ns === 'S' ? -1 : 1);
        const longitude = (Number(lonDegrees) + Number(lonMinutes) / 60_000) * (ew === 'W' ? -1 : 1);
        const gnssAltitude = Number(gnss);
        const altitude = validity === 'A' && gnssAltitude !== 0 ? gnssAltitude : Number(pressure);
        const headingText = headingColumn === undefined ? '' : record.slice(headingColumn.start, headingColumn.end);
        const heading = /^\d+$/.test(headingText) ? Number(headingText) : null;
        const timestamp = day === undefined ? undefined : (day * SECONDS_PER_DAY + seconds) * 1_000_000;
        const item = trackItem({
          line,
          actor,
          latitude,
          longitude,
          altitude: Number.isFinite(altitude) ? altitude : null,
          heading,
          timestamp,
          label,
        });
        items.push(
          'reason' in item && timestamp === undefined
            ? {
                line,
                reason: `${label} has no date: the file has no HFDTE header and the map no default year-month-day`,
              }
            : item,
        );
      }
    }
    if (items.length > 0) yield items;
  }
}
