/*
 * Offsets from an incident's start, as the timeline shows them: "+1h 02m 03.456s". Leading units that
 * are zero are left out ("+3.456s", "+2m 03.456s"); once a unit is shown every smaller one is, padded
 * to two digits, so a column of offsets lines up. Days appear from 24 hours on ("+1d 00h 00m 05.000s")
 * because incidents last days and "+49h" is hard to read. The fraction is truncated, never rounded,
 * so +59.9996s stays +59.999s and never shows the next minute before it has begun.
 */

const MICROS_PER_SECOND = 1_000_000;
const SECONDS_PER_MINUTE = 60;
const SECONDS_PER_HOUR = 3600;
const SECONDS_PER_DAY = 86_400;

/** `fractionDigits` is 0-6 (3, milliseconds, by default); a negative offset gets a "-" sign. */
export function formatElapsed(elapsedMicros: number, fractionDigits = 3): string {
  if (!Number.isSafeInteger(elapsedMicros)) throw new RangeError(`Not integer microseconds: ${elapsedMicros}`);
  if (!Number.isInteger(fractionDigits) || fractionDigits < 0 || fractionDigits > 6) {
    throw new RangeError(`fractionDigits must be 0-6, not ${fractionDigits}`);
  }
  const sign = elapsedMicros < 0 ? '-' : '+';
  const absolute = Math.abs(elapsedMicros);
  const microOfSecond = absolute % MICROS_PER_SECOND;
  const totalSeconds = (absolute - microOfSecond) / MICROS_PER_SECOND;
  const days = Math.floor(totalSeconds / SECONDS_PER_DAY);
  const hours = Math.floor((totalSeconds % SECONDS_PER_DAY) / SECONDS_PER_HOUR);
  const minutes = Math.floor((totalSeconds % SECONDS_PER_HOUR) / SECONDS_PER_MINUTE);
  const seconds = totalSeconds % SECONDS_PER_MINUTE;
  const fraction = fractionDigits > 0 ? `.${String(microOfSecond).padStart(6, '0').slice(0, fractionDigits)}` : '';

  const parts: string[] = [];
  if (days > 0) parts.push(`${days}d`);
  if (parts.length > 0 || hours > 0) parts.push(`${parts.length > 0 ? pad2(hours) : hours}h`);
  if (parts.length > 0 || minutes > 0) parts.push(`${parts.length > 0 ? pad2(minutes) : minutes}m`);
  parts.push(`${parts.length > 0 ? pad2(seconds) : seconds}${fraction}s`);
  return sign + parts.join(' ');
}

function pad2(value: number): string {
  return String(value).padStart(2, '0');
}
