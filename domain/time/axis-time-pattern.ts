/*
 * The one rule every time axis follows (swimlane, minimap, charts, map clock): the smallest pattern
 * that still names the instant without ambiguity. A date appears once the span crosses a day, the
 * year once it crosses a year, so "03-14 04:17 … 07-24 19:01" can no longer hide two years apart.
 */
import { formatElapsed } from './format-elapsed.ts';
import { formatMicros } from './format-micros.ts';

const MS = 1000;
const S = 1000 * MS;
const MIN = 60 * S;
const D = 24 * 60 * MIN;

/** The calendar day of an instant as "YYYY-MM-DD" in the zone the axis is drawn in. */
type DayOf = (micros: number) => string;

/**
 * The formatMicros pattern for ticks `stepMicros` apart over [fromMicros, toMicros]. `dayOf` decides
 * days and years in the analyst's zone, so a span crossing midnight in Tokyo but not in UTC still
 * shows its dates.
 */
export function axisTimePattern(stepMicros: number, fromMicros: number, toMicros: number, dayOf: DayOf): string {
  const first = dayOf(Math.round(fromMicros));
  const last = dayOf(Math.round(toMicros));
  const crossesYear = first.slice(0, 4) !== last.slice(0, 4);
  const crossesDay = first !== last;
  const date = crossesYear ? 'YYYY-MM-DD' : 'MM-DD';
  if (stepMicros >= D) return 'YYYY-MM-DD';
  if (stepMicros >= MIN) return crossesDay ? `${date} HH:mm` : 'HH:mm';
  if (stepMicros >= S) return crossesDay ? `${date} HH:mm:ss` : 'HH:mm:ss';
  if (stepMicros >= MS) return crossesDay ? `${date} HH:mm:ss.SSS` : 'HH:mm:ss.SSS';
  return crossesDay ? `${date} HH:mm:ss.SSSSSS` : 'HH:mm:ss.SSSSSS';
}

/** `dayOf` for a zone, when the caller has the zone rather than a formatter. */
export function dayInZone(zone: string): DayOf {
  return (micros) => formatMicros(micros, zone, 'YYYY-MM-DD');
}

/**
 * Labels at fixed fractions of a span (a minimap's ends, a chart's five ticks): the step between
 * them decides the precision, the same rule decides the date and year.
 */
export function spanLabelPattern(fromMicros: number, toMicros: number, labels: number, dayOf: DayOf): string {
  return axisTimePattern((toMicros - fromMicros) / Math.max(1, labels - 1), fromMicros, toMicros, dayOf);
}

/**
 * An elapsed-offset tick, as short as its step allows: "+1227d" on an axis of weeks, not
 * "+1227d 21h 43m 23.000s", which cannot fit the axis and wrapped over the next label. Ticks of
 * elapsed axes fall on round offsets, so the units left out are zeros.
 */
export function axisElapsedText(elapsedMicros: number, stepMicros: number): string {
  const digits =
    stepMicros >= S ? 0 : stepMicros >= 100 * MS ? 1 : stepMicros >= 10 * MS ? 2 : stepMicros >= MS ? 3 : 6;
  const parts = formatElapsed(Math.round(elapsedMicros), digits).split(' ');
  const smallest = stepMicros >= D ? 'd' : stepMicros >= 60 * MIN ? 'h' : stepMicros >= MIN ? 'm' : 's';
  const order = ['d', 'h', 'm', 's'];
  const kept = parts.filter(
    (part, index) => index === 0 || order.indexOf(part.replace(/^[+-]?[\d.]+/, '')) <= order.indexOf(smallest),
  );
  return kept.join(' ');
}
