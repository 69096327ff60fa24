/*
 * GPS time (a week number since 1980-01-06 and the time into that week) as a UTC instant. GPS time
 * has no leap seconds, so it runs ahead of UTC by those inserted since 1980: 18 s since 2017-01-01
 * (IERS Bulletin C; the GPS ICD's ΔtLS). A new leap second is announced months ahead; none is
 * scheduled as of this writing, and the last entry holds after it.
 */
const GPS_EPOCH_SECONDS = Date.UTC(1980, 0, 6) / 1000;
const SECONDS_PER_WEEK = 604_800;

// [the first UTC instant (epoch seconds) at which GPS − UTC is the count, that count].
const LEAP_SECONDS: readonly (readonly [number, number])[] = [
  ['1981-07-01', 1],
  ['1982-07-01', 2],
  ['1983-07-01', 3],
  ['1985-07-01', 4],
  ['1988-01-01', 5],
  ['1990-01-01', 6],
  ['1991-01-01', 7],
  ['1992-07-01', 8],
  ['1993-07-01', 9],
  ['1994-07-01', 10],
  ['1996-01-01', 11],
  ['1997-07-01', 12],
  ['1999-01-01', 13],
  ['2006-01-01', 14],
  ['2009-01-01', 15],
  ['2012-07-01', 16],
  ['2015-07-01', 17],
  ['2017-01-01', 18],
].map(([day, count]) => [Date.parse(`${String(day)}T00:00:00Z`) / 1000, Number(count)] as const);

/** GPS − UTC in seconds at a GPS-time instant (epoch seconds counted on the GPS clock). */
function leapSecondsAt(gpsEpochSeconds: number): number {
  let count = 0;
  // Compared on the GPS clock, each change falls `count` seconds after its UTC instant.
  for (const [since, total] of LEAP_SECONDS) if (gpsEpochSeconds >= since + total) count = total;
  return count;
}

/**
 * The UTC instant in microseconds of a GPS week and a time into it (in milliseconds or seconds), or
 * a reason. The week is the full count (ArduPilot's GWk, RINEX), not the 10-bit one that rolls over.
 */
export function gpsWeekMicros(week: number, timeOfWeek: number, unit: 'milliseconds' | 'seconds'): number | string {
  const seconds = unit === 'milliseconds' ? timeOfWeek / 1000 : timeOfWeek;
  if (!Number.isInteger(week) || week < 0) return `GPS week '${String(week)}' is not a whole number of weeks`;
  if (!(seconds >= 0 && seconds < SECONDS_PER_WEEK))
    return `GPS time of week ${String(timeOfWeek)} is not within a week of ${unit}`;
  // A receiver without a fix writes week 0 and no time: 1980-01-06 is no place in a track.
  if (week === 0 && seconds === 0) return 'has no GPS time (week 0, time 0: no fix yet)';
  const gpsSeconds = GPS_EPOCH_SECONDS + week * SECONDS_PER_WEEK + seconds;
  return Math.round((gpsSeconds - leapSecondsAt(gpsSeconds)) * 1_000_000);
}
