/*
 * How long something lasted, as an analyst reads it: "107 ms", "4.2 s", "21 m 30 s", "3 h 05 m",
 * "2 d 4 h". Two units at most: a duration is read for its size, not counted to the microsecond
 * (the event's own times carry that). Offsets from the incident's start are format-elapsed.ts.
 */
const MICROS_PER_MS = 1000;
const MICROS_PER_SECOND = 1_000_000;
const SECONDS_PER_MINUTE = 60;
const SECONDS_PER_HOUR = 3600;
const SECONDS_PER_DAY = 86_400;

export function formatDuration(micros: number): string {
  if (!Number.isFinite(micros) || micros < 0) throw new RangeError(`Not a duration in microseconds: ${micros}`);
  if (micros < MICROS_PER_MS) return `${Math.round(micros)} µs`;
  if (micros < MICROS_PER_SECOND) return `${trimmed(micros / MICROS_PER_MS)} ms`;
  if (micros < SECONDS_PER_MINUTE * MICROS_PER_SECOND) return `${trimmed(micros / MICROS_PER_SECOND)} s`;
  const seconds = Math.floor(micros / MICROS_PER_SECOND);
  if (seconds < SECONDS_PER_HOUR)
    return `${Math.floor(seconds / SECONDS_PER_MINUTE)} m ${seconds % SECONDS_PER_MINUTE} s`;
  if (seconds < SECONDS_PER_DAY)
    return `${Math.floor(seconds / SECONDS_PER_HOUR)} h ${String(Math.floor((seconds % SECONDS_PER_HOUR) / SECONDS_PER_MINUTE)).padStart(2, '0')} m`;
  return `${Math.floor(seconds / SECONDS_PER_DAY)} d ${Math.floor((seconds % SECONDS_PER_DAY) / SECONDS_PER_HOUR)} h`;
}

/** One decimal under 10 (4.2), none above (107); a trailing ".0" dropped. Truncated, never rounded up a unit. */
function trimmed(value: number): string {
  const digits = value < 10 ? 1 : 0;
  const factor = 10 ** digits;
  return String(Math.floor(value * factor) / factor);
}
