/*
 * Time-axis labels for the uPlot series, in the incident's time zone. Each label names the time at
 * the precision the tick spacing needs; the date (always with its year) goes on a second line at
 * the first tick and wherever the day changes, so an axis spanning years never loses the year.
 */
import { formatMicros } from '../../../domain/time/format-micros.ts';

const SECOND = 1_000_000;
const MINUTE = 60 * SECOND;
const DAY = 24 * 60 * MINUTE;
const MONTH = 28 * DAY;

function timePattern(incrementMicros: number): string | undefined {
  if (incrementMicros >= DAY) return undefined;
  if (incrementMicros >= MINUTE) return 'HH:mm';
  if (incrementMicros >= SECOND) return 'HH:mm:ss';
  return 'HH:mm:ss.SSS';
}

/** Labels for ticks `incrementMicros` apart: "07:30\n2024-01-02", "07:45", … or "2024-01-02", "2024-01-03", … */
export function formatTimeTicks(ticksMicros: readonly number[], incrementMicros: number, zone: string): string[] {
  const pattern = timePattern(incrementMicros);
  const datePattern = incrementMicros >= MONTH ? 'YYYY-MM' : 'YYYY-MM-DD';
  let previousDate: string | undefined;
  return ticksMicros.map((micros) => {
    // uPlot asks for labels of an empty scale (a track just hidden, a chart resized to nothing) with
    // ticks at ±Infinity: those have no label.
    if (!Number.isFinite(micros)) return '';
    const whole = Math.round(micros);
    const date = formatMicros(whole, zone, datePattern);
    if (pattern === undefined) return date;
    const time = formatMicros(whole, zone, pattern);
    const label = date === previousDate ? time : `${time}\n${date}`;
    previousDate = date;
    return label;
  });
}
