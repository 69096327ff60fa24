/*
 * Calendar fields read by a log grammar, turned into epoch microseconds: either in a zone (syslog's
 * zone-less local times, HAProxy's accept date) or at a fixed UTC offset (Apache's "+0200").
 * Undefined for an impossible date (Feb 30, hour 24) or one outside 1970..2255.
 */
import { DateTimeException, LocalDateTime, ZonedDateTime, type ZoneId } from '@js-joda/core';
import type { WallClock } from '../time/wall-clock.ts';

export interface CivilTime extends WallClock {
  readonly fractionMicros: number;
}

// Logs hold runs of lines in the same minute: the zone's offset for the last minute is kept, since
// js-joda's zone arithmetic costs more than the rest of a line's parsing. Zone transitions fall on
// whole minutes, so one offset serves every second of a minute (gap and overlap included).
let cachedZone: ZoneId | undefined;
let cachedMinute = -1;
let cachedOffsetMillis = 0;

export function localMicros(time: CivilTime, zone: ZoneId): number | undefined {
  const { year, month, day, hour, minute, second } = time;
  if (
    year < 1900 ||
    month < 1 ||
    month > 12 ||
    day < 1 ||
    day > daysInMonth(year, month) ||
    hour > 23 ||
    minute > 59 ||
    second > 59
  )
    return undefined;
  const localMillis = Date.UTC(year, month - 1, day, hour, minute, second);
  const minuteKey = Math.floor(localMillis / 60_000);
  if (zone !== cachedZone || minuteKey !== cachedMinute) {
    let local: LocalDateTime;
    try {
      local = LocalDateTime.of(year, month, day, hour, minute, 0);
    } catch (error) {
      if (error instanceof DateTimeException) return undefined;
      throw error;
    }
    const epochSecond = ZonedDateTime.ofLocal(local, zone, null).toEpochSecond();
    cachedZone = zone;
    cachedMinute = minuteKey;
    cachedOffsetMillis = minuteKey * 60_000 - epochSecond * 1000;
  }
  return safeMicros((localMillis - cachedOffsetMillis) * 1000 + time.fractionMicros);
}

/** The instant of a local time at `offsetMinutes` east of UTC. */
export function offsetMicros(time: CivilTime, offsetMinutes: number): number | undefined {
  const { year, month, day, hour, minute, second } = time;
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month) || hour > 23 || minute > 59 || second > 59)
    return undefined;
  if (year < 1900) return undefined;
  const millis = Date.UTC(year, month - 1, day, hour, minute, second) - offsetMinutes * 60_000;
  return safeMicros(millis * 1000 + time.fractionMicros);
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function safeMicros(micros: number): number | undefined {
  return Number.isSafeInteger(micros) && micros >= 0 ? micros : undefined;
}

/** "123" → 123000 µs: a fraction of a second of 1-9 digits, cut (not rounded) to microseconds. */
function fractionMicrosOf(digits: string | undefined): number {
  return digits === undefined || digits === '' ? 0 : Number(digits.slice(0, 6).padEnd(6, '0'));
}

/** The fields as a log grammar matched them (digits as text; a missing one reads as 0) with the fraction's digits. */
export function civilTime(
  year: number,
  month: number,
  day = '',
  hour = '',
  minute = '',
  second = '',
  fraction?: string,
): CivilTime {
  return {
    year,
    month,
    day: Number(day),
    hour: Number(hour),
    minute: Number(minute),
    second: Number(second),
    fractionMicros: fractionMicrosOf(fraction),
  };
}
