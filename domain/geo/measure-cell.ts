/*
 * A number written with its unit in the cell, as fleet trackers' report exports format them (Traccar's
 * route report: "3.0 m", "12.4 kn", "90°"): read in the unit the column means, metres for an altitude
 * and degrees for a heading, pitch or roll. A unit the column cannot mean (a speed in the altitude
 * column) is that row's reason, never a number taken as if it were metres.
 */
import { shorten } from '../import/parse-event-time.ts';

export type MeasureKind = 'altitude' | 'heading' | 'pitch' | 'roll';

// The number, then its unit: letters, marks and slashes ("m", "ft", "°", "km/h"), nothing after.
const WITH_UNIT = /^([+-]?(?:\d+(?:[.,]\d*)?|[.,]\d+))\s*([^\d\s.,+-][^\d]{0,11})$/;

const METRES_PER: Readonly<Record<string, number>> = {
  m: 1,
  meter: 1,
  meters: 1,
  metre: 1,
  metres: 1,
  km: 1000,
  ft: 0.3048,
  feet: 0.3048,
  foot: 0.3048,
  "'": 0.3048,
};
const DEGREE_UNITS = new Set(['°', 'º', '˚', 'deg', 'degree', 'degrees', 'grad']);

/**
 * The value of `text` in the column's unit (metres, or degrees) when it is a number with a unit,
 * a reason when the unit is not one the column can mean, undefined when the text is no number with a
 * unit at all. `decimalComma` allows "3,0 m".
 */
export function measureOf(text: string, kind: MeasureKind, decimalComma: boolean): number | string | undefined {
  const match = WITH_UNIT.exec(text);
  if (match === null) return undefined;
  const [, digits = '', written = ''] = match;
  if (digits.includes(',') && !decimalComma) return undefined;
  const value = Number(digits.replace(',', '.'));
  if (Number.isNaN(value)) return undefined;
  const unit = written.trim().toLowerCase();
  if (kind === 'altitude') {
    const factor = METRES_PER[unit];
    return factor === undefined
      ? `altitude '${shorten(text)}' is in "${shorten(written.trim())}", not a height in metres or feet`
      : value * factor;
  }
  return DEGREE_UNITS.has(unit)
    ? value
    : `${kind} '${shorten(text)}' is in "${shorten(written.trim())}", not an angle in degrees`;
}
