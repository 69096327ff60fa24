/*
 * Whether sample lines are a WhatsApp export, and the order of its dates. The order is not written
 * anywhere, so it is decided from evidence across every sample line: a number above 12 in the first
 * position means day-first, in the second month-first; failing that, dots between the date's fields
 * (31.12.19: every locale that writes them so puts the day first); failing that, a leading zero
 * before a four-digit year or French "à" (month-first locales write "M/d/yy"); failing that, the order in which the
 * dates run forward; failing that, month-first, and the reason says so.
 */
import type { DateOrder } from './chat-settings.ts';
import type { FamilyDetection } from './format-detection.ts';
import { whatsappStart, type WhatsappStart } from './whatsapp-line.ts';

const PADDED = /^\[?\s*(?:0\d[/.-]\d{1,2}|\d{1,2}[/.-]0\d)[/.-]\d{4}\b/;
const FRENCH_AT = /\d \u00e0 \d/;
const LOG_LEVEL_FIRST =
  /^(?:TRACE|DEBUG|VERBOSE|INFO|NOTICE|WARN|WARNING|ERROR|ERR|CRIT|CRITICAL|FATAL|SEVERE|SECURITY)\b/;

export function detectWhatsapp(lines: readonly string[]): FamilyDetection | undefined {
  const starts: WhatsappStart[] = [];
  let nonBlank = 0;
  let firstIsStart: boolean | undefined;
  for (const line of lines) {
    if (line.trim() === '') continue;
    nonBlank += 1;
    const start = whatsappStart(line);
    firstIsStart ??= start !== undefined;
    if (start !== undefined) starts.push(start);
  }
  if (firstIsStart !== true || starts.length < Math.min(2, nonBlank)) return undefined;
  const platforms = new Set(starts.map((start) => start.platform));
  if (platforms.size > 1) return undefined;
  // Android writes seconds only after a comma ("21/10/21, 15:21:45 - Name: text", a locale with seconds in
  // its time): "2024-06-04 09:00:00 - app - started" is an application log.
  if (platforms.has('android') && starts.some((start) => start.withSeconds && !start.dateComma)) return undefined;
  // WhatsApp writes a sender and a colon after the time; "<nick> text" and "* nick acts" are an IRC
  // client's lines with a date (ZNC or Textual set to log one).
  const ircBodies = starts.filter((start) => /^(?:<[ @+%~&!]?[^<>\s]+>|\*{1,3}[ \t])/.test(start.body)).length;
  if (ircBodies * 2 > starts.length) return undefined;
  // No one is named "NOTICE" or "ERROR" in capitals: "[2024-03-05 14:30:01] NOTICE[2411] chan_sip.c: …" is
  // a service's log (Asterisk) whose date looks like a year-first locale's.
  const levelBodies = starts.filter((start) => LOG_LEVEL_FIRST.test(start.body)).length;
  if (levelBodies * 2 > starts.length) return undefined;
  const platform = platforms.has('ios') ? 'iOS' : 'Android';
  const [dateOrder, why] = dateOrderOf(starts);
  return {
    format: 'whatsapp',
    reason: `WhatsApp export (${platform}): ${starts.length} of ${nonBlank} lines start with a date, time and sender (the others continue a message); ${dateOrder}: ${why}`,
    settings: { format: 'whatsapp', timeZone: 'UTC', dateOrder },
  };
}

function dateOrderOf(starts: readonly WhatsappStart[]): [DateOrder, string] {
  const yearFirst = starts.filter((start) => start.yearFirst).length;
  if (yearFirst * 2 > starts.length) return ['year-first', `${yearFirst} dates start with a four-digit year`];
  const firstBig = starts.find((start) => start.fields[0] > 12);
  const secondBig = starts.find((start) => start.fields[1] > 12);
  if (firstBig !== undefined && secondBig === undefined)
    return ['day-first', `${firstBig.fields[0]} appears in the first position ("${firstBig.stamp}")`];
  if (secondBig !== undefined && firstBig === undefined)
    return ['month-first', `${secondBig.fields[1]} appears in the second position ("${secondBig.stamp}")`];
  if (firstBig !== undefined && secondBig !== undefined) {
    const dayFirst = starts.filter((start) => start.fields[0] > 12).length;
    const monthFirst = starts.filter((start) => start.fields[1] > 12).length;
    const order = dayFirst >= monthFirst ? 'day-first' : 'month-first';
    return [
      order,
      `the sample disagrees (${dayFirst} dates have a day above 12 first, ${monthFirst} second); the larger count wins, check the preview`,
    ];
  }
  const dotted = starts.filter((start) => start.separator === '.').length;
  if (dotted * 2 > starts.length)
    return [
      'day-first',
      `no number above 12 decides, but ${dotted} dates are written with dots ("${starts.find((start) => start.separator === '.')?.stamp ?? ''}"), as only day-first locales write them`,
    ];
  // The phone's locale writes the date: en-US (and the other month-first locales) "M/d/yy" with no
  // leading zero, French "à" before the time; a zero-padded "06/11/2024" with the whole year is a
  // day-first locale's (pt-BR, en-GB, es-ES on Android). "01/02/20" stays undecided.
  const padded = starts.filter((start) => PADDED.test(start.stamp) || FRENCH_AT.test(start.stamp)).length;
  if (padded * 2 > starts.length)
    return [
      'day-first',
      `no number above 12 decides, but ${padded} dates are written as no month-first locale writes them ("${starts.find((start) => PADDED.test(start.stamp) || FRENCH_AT.test(start.stamp))?.stamp ?? ''}": a leading zero or "à")`,
    ];
  const backDayFirst = backSteps(starts, 'day-first');
  const backMonthFirst = backSteps(starts, 'month-first');
  if (backMonthFirst > backDayFirst) {
    return [
      'day-first',
      `no number above 12 decides, but the dates run forward only when read day-first (${backMonthFirst} steps back read month-first)`,
    ];
  }
  return [
    'month-first',
    'no number above 12 decides between day and month in the sample, so month-first was kept (set the date order if this export is day-first)',
  ];
}

/** How often a message's date comes before the previous one's when read in this order. */
function backSteps(starts: readonly WhatsappStart[], order: DateOrder): number {
  let previous = -1;
  let steps = 0;
  for (const { fields } of starts) {
    const [a, b, c] = fields;
    const key = order === 'day-first' ? c * 10_000 + b * 100 + a : c * 10_000 + a * 100 + b;
    if (key < previous) steps += 1;
    previous = key;
  }
  return steps;
}
