/*
 * NMEA 0183 logs read by hand (the few sentences a track needs are simpler to read than to adapt
 * nmea-simple's objects, which throw on a bad checksum instead of naming the line). RMC, GGA, GNS
 * and GLL of any talker (GP, GN, GL, GA, GB) that share a time of day are one fix: position from
 * any, altitude from GGA or GNS, date and course from RMC. VTG has no time of its own: its course goes
 * to the fix being read (receivers write it after the epoch's fixes), so logs of GLL, VTG and ZDA
 * alone have headings too. The date (RMC or ZDA, else the map's default date, since many receivers
 * log GGA alone) carries to later time-only fixes and rolls over at midnight. GGA quality 0 or RMC/GLL status V make the fix invalid, as does a checksum
 * that does not match; lines starting with "#" are comments. u-center logs put u-blox UBX binary
 * frames between the sentences: a sentence is read from its last "$" (binary before it on the same
 * line is left), and the stretches of binary are counted in one item at the end, not one per line.
 */
import { trackItem, type GeoItem } from './track-fix.ts';
import { textLines } from '../import/text-lines.ts';

const SECONDS_PER_DAY = 86_400;
const READ = new Set(['RMC', 'GGA', 'ZDA', 'GNS', 'GLL', 'VTG']);
// Control characters other than tab and line ends, and U+FFFD (bytes that are no UTF-8), only come from
// binary frames: UBX starts with the sync bytes 0xB5 0x62.
function hasBinary(text: string): boolean {
  for (let at = 0; at < text.length; at += 1) {
    const code = text.charCodeAt(at);
    if ((code < 32 && code !== 9 && code !== 10 && code !== 13) || code === 0xfffd) return true;
  }
  return false;
}

interface Fix {
  readonly line: number;
  readonly clock: string;
  readonly seconds: number;
  latitude: number;
  longitude: number;
  altitude: number | null;
  heading: number | null;
  day: number | undefined;
  invalid: string | undefined;
}

/** ddmm.mmmm (or dddmm.mmmm) and a hemisphere as signed degrees; NaN when empty. */
function degrees(text: string | undefined, hemisphere: string | undefined): number {
  if (text === undefined || text === '') return Number.NaN;
  const point = text.indexOf('.');
  const degreeDigits = (point === -1 ? text.length : point) - 2;
  const value = Number(text.slice(0, degreeDigits)) + Number(text.slice(degreeDigits)) / 60;
  return hemisphere === 'S' || hemisphere === 'W' ? -value : value;
}

function secondsOfDay(clock: string): number | undefined {
  const match = /^(\d{2})(\d{2})(\d{2}(?:\.\d+)?)$/.exec(clock);
  if (match === null || Number(match[1]) > 23 || Number(match[2]) > 59 || Number(match[3]) >= 60) return undefined;
  return Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]);
}

const epochDay = (year: number, month: number, day: number) => Date.UTC(year, month - 1, day) / 86_400_000;

/** The sentence's fields when its checksum (if any) matches, else the reason. */
function fieldsOf(sentence: string): string[] | string {
  const star = sentence.lastIndexOf('*');
  const body = star === -1 ? sentence.slice(1) : sentence.slice(1, star);
  if (star !== -1) {
    let sum = 0;
    for (let at = 0; at < body.length; at += 1) sum ^= body.charCodeAt(at);
    const given = sentence.slice(star + 1, star + 3).toUpperCase();
    const computed = sum.toString(16).toUpperCase().padStart(2, '0');
    if (given !== computed)
      return `checksum ${given} does not match the sentence (it sums to ${computed}): the line was damaged`;
  }
  return body.split(',');
}

/** A two-digit NMEA year: 80-99 are the 1900s (GPS began in 1980), the rest the 2000s. */
const fullYear = (year: number) => (year < 80 ? 2000 + year : 1900 + year);

export async function* parseNmea(text: AsyncIterable<string>, defaultDate: string | null): AsyncGenerator<GeoItem[]> {
  const fallback = defaultDate === null ? undefined : defaultDate.split('-').map(Number);
  let day = fallback === undefined ? undefined : epochDay(fallback[0]!, fallback[1]!, fallback[2]!);
  let lastSeconds: number | undefined;
  let fix: Fix | undefined;

  const flush = (items: GeoItem[]) => {
    if (fix === undefined) return;
    const done = fix;
    fix = undefined;
    if (done.day !== undefined) day = done.day;
    else if (day !== undefined && lastSeconds !== undefined && done.seconds < lastSeconds - SECONDS_PER_DAY / 2)
      day += 1;
    lastSeconds = done.seconds;
    const label = `fix at ${done.clock.slice(0, 2)}:${done.clock.slice(2, 4)}:${done.clock.slice(4)}`;
    if (done.invalid !== undefined) {
      items.push({ line: done.line, reason: `${label}: ${done.invalid}` });
      return;
    }
    if (day === undefined) {
      items.push({
        line: done.line,
        reason: `${label} has no date: no RMC or ZDA sentence before it gives one, and the map no default year-month-day`,
      });
      return;
    }
    const timestamp = Math.round((day * SECONDS_PER_DAY + done.seconds) * 1_000_000);
    items.push(
      trackItem({
        line: done.line,
        actor: '',
        latitude: done.latitude,
        longitude: done.longitude,
        altitude: done.altitude,
        heading: done.heading,
        timestamp,
        label,
      }),
    );
  };

  let binaryLines = 0;
  let firstBinaryLine = 0;
  for await (const lines of textLines(text)) {
    const items: GeoItem[] = [];
    for (const { line, text: raw } of lines) {
      const trimmed = raw.trim();
      if (trimmed === '' || trimmed.startsWith('#')) continue;
      if (hasBinary(trimmed)) {
        if (binaryLines === 0) firstBinaryLine = line;
        binaryLines += 1;
      }
      // Some loggers put their own receive time before the sentence; a binary frame may too.
      const start = trimmed.lastIndexOf('$');
      if (start === -1) continue;
      const sentence = trimmed.slice(start);
      const type = sentence.slice(3, 6);
      if (!READ.has(type)) continue;
      const fields = fieldsOf(sentence);
      if (typeof fields === 'string') {
        // In source order: the fix read so far comes before this line.
        flush(items);
        items.push({ line, reason: `${sentence.slice(1, 6)} sentence: ${fields}` });
        continue;
      }
      if (type === 'VTG') {
        // VTG: course true, "T", course magnetic, "M", knots, "N", km/h, "K", mode (NMEA 2.3: N when not valid).
        const [, course, , , , , , , , mode] = fields;
        const degrees = course === undefined || course === '' ? Number.NaN : Number(course);
        if (fix !== undefined && fix.heading === null && mode !== 'N' && degrees >= 0 && degrees <= 360)
          fix.heading = degrees;
        continue;
      }
      // GLL puts its time after the position; the others right after the sentence name.
      const clock = (type === 'GLL' ? fields[5] : fields[1]) ?? '';
      if (type === 'ZDA') {
        const [, , dd, mm, yyyy] = fields;
        if (dd && mm && yyyy) day = epochDay(Number(yyyy), Number(mm), Number(dd));
        continue;
      }
      const seconds = secondsOfDay(clock);
      if (seconds === undefined) {
        items.push({
          line,
          reason: `${sentence.slice(1, 6)} sentence: time '${clock}' is not a time of day as hhmmss`,
        });
        continue;
      }
      // The same second written with and without a fraction ("120000" and "120000.00") is one fix.
      if (fix !== undefined && fix.seconds !== seconds) flush(items);
      fix ??= {
        line,
        clock,
        seconds,
        latitude: Number.NaN,
        longitude: Number.NaN,
        altitude: null,
        heading: null,
        day: undefined,
        invalid: undefined,
      };
      if (type === 'RMC') {
        const [, , status, lat, ns, lon, ew, , course, date] = fields;
        if (status !== 'A') fix.invalid ??= 'RMC status V: the receiver had no valid fix';
        if (Number.isNaN(fix.latitude)) [fix.latitude, fix.longitude] = [degrees(lat, ns), degrees(lon, ew)];
        if (course !== undefined && course !== '') fix.heading = Number(course);
        const dateMatch = /^(\d{2})(\d{2})(\d{2})$/.exec(date ?? '');
        if (dateMatch !== null)
          fix.day = epochDay(fullYear(Number(dateMatch[3])), Number(dateMatch[2]), Number(dateMatch[1]));
      } else if (type === 'GLL') {
        // GLL: lat, N/S, lon, E/W, time, status (A valid, V not), mode; NMEA 2.3 adds mode N for no fix.
        const [, lat, ns, lon, ew, , status, mode] = fields;
        if (status !== 'A' || mode === 'N') fix.invalid ??= 'GLL status V: the receiver had no valid fix';
        if (Number.isNaN(fix.latitude)) [fix.latitude, fix.longitude] = [degrees(lat, ns), degrees(lon, ew)];
      } else {
        // GGA: time, lat, N/S, lon, E/W, quality, satellites, HDOP, altitude; GNS has a mode string where GGA has quality.
        const [, , lat, ns, lon, ew, quality, , , altitude] = fields;
        const noFix = type === 'GGA' ? quality === '0' || quality === '' : /^N*$/.test(quality ?? '');
        if (noFix) fix.invalid ??= `${type} fix quality ${quality === '' ? 'empty' : quality}: the receiver had no fix`;
        [fix.latitude, fix.longitude] = [degrees(lat, ns), degrees(lon, ew)];
        if (altitude !== undefined && altitude !== '') fix.altitude = Number(altitude);
      }
    }
    if (items.length > 0) yield items;
  }
  const last: GeoItem[] = [];
  flush(last);
  if (binaryLines > 0)
    last.push({
      line: firstBinaryLine,
      reason: `${binaryLines.toLocaleString('en')} line${binaryLines === 1 ? '' : 's'} from here on hold binary data (u-blox UBX frames, as u-center logs them between sentences): skipped, the sentences beside them read`,
    });
  if (last.length > 0) yield last;
}
