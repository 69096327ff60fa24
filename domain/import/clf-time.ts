/*
 * The Common Log Format time "06/Feb/2019:00:00:38 +0000" (optionally with a fraction), as Apache,
 * nginx and Amazon S3 server access logs write it between brackets: an instant with its own offset.
 */
import { MONTH_ABBREVIATIONS } from '../time/month-abbreviations.ts';
import { civilTime, offsetMicros } from './local-micros.ts';

const CLF_TIME = /^(\d{2})\/([A-Z][a-z]{2})\/(\d{4}):(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))? ([+-])(\d{2}):?(\d{2})$/;
const MONTHS: ReadonlyMap<string, number> = new Map(MONTH_ABBREVIATIONS.map((name, index) => [name, index + 1]));

export function clfTimeMicros(text: string): number | undefined {
  const match = CLF_TIME.exec(text);
  if (match === null) return undefined;
  const [, day, monthName = '', year, hour, minute, second, fraction, sign, offH, offM] = match;
  const month = MONTHS.get(monthName);
  if (month === undefined) return undefined;
  const offset = (sign === '-' ? -1 : 1) * (Number(offH) * 60 + Number(offM));
  return offsetMicros(civilTime(Number(year), month, day, hour, minute, second, fraction), offset);
}
