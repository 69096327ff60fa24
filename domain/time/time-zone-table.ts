/*
 * The known zone table of the specification (section 3's timezone record, section 5's "a time zone
 * is accepted only if it exists in the known zone table"). It comes from countries-and-timezones,
 * which is small and synchronous, so a zone can be validated without loading js-joda's zone data.
 */
import { getAllTimezones } from 'countries-and-timezones';

/** Section 9: the default time zone. It is in the table (as a deprecated alias of Etc/UTC). */
export const DEFAULT_TIME_ZONE = 'UTC';

interface TimeZoneRecord {
  readonly name: string;
  /** ISO 3166 alpha-2 codes, most relevant first; empty for zones such as Etc/UTC. */
  readonly countries: readonly string[];
  /** Standard offset from UTC as the table states it today (not historical). */
  readonly utcOffsetMinutes: number;
  /** Offset while daylight saving time is in force; equal to utcOffsetMinutes where there is none. */
  readonly dstOffsetMinutes: number;
  /** The canonical zone this name links to, if it is an alias. */
  readonly aliasOf: string | undefined;
  readonly deprecated: boolean;
}

interface TimeZoneOption {
  readonly name: string;
  /** e.g. "(UTC-05:00, DST -04:00) America/New_York"; starts with the offset so a list reads in order. */
  readonly label: string;
  readonly utcOffsetMinutes: number;
  readonly dstOffsetMinutes: number;
}

// NOTE: "Factory" is tzdb's placeholder for machines whose zone was never set (offset "-00"); it is not
// a place, and js-joda's zone data does not carry it, so a date could never be parsed in it.
const EXCLUDED_ZONES: ReadonlySet<string> = new Set(['Factory']);

const TABLE: ReadonlyMap<string, TimeZoneRecord> = new Map(
  Object.values(getAllTimezones({ deprecated: true }))
    .filter((zone) => !EXCLUDED_ZONES.has(zone.name))
    .map((zone): [string, TimeZoneRecord] => [
      zone.name,
      {
        name: zone.name,
        countries: [...zone.countries],
        utcOffsetMinutes: zone.utcOffset,
        dstOffsetMinutes: zone.dstOffset,
        // NOTE: the package types say `aliasOf?: string` but its data holds null for canonical zones.
        aliasOf: zone.aliasOf ?? undefined,
        deprecated: zone.deprecated === true,
      },
    ]),
);

/** Exact, case-sensitive: IANA names are case-sensitive and js-joda resolves them that way. */
export function isKnownTimeZone(name: string): boolean {
  return TABLE.has(name);
}

export function getTimeZoneRecord(name: string): TimeZoneRecord | undefined {
  return TABLE.get(name);
}

/** Every record, deprecated aliases included, sorted by name. */
export function listTimeZoneRecords(): readonly TimeZoneRecord[] {
  return [...TABLE.values()].sort((a, b) => compareNames(a.name, b.name));
}

/** "+05:30", "-03:00", "+00:00": the sign is always shown so columns of offsets line up. */
export function formatUtcOffset(offsetMinutes: number): string {
  const sign = offsetMinutes < 0 ? '-' : '+';
  const absolute = Math.abs(offsetMinutes);
  return `${sign}${pad2(Math.floor(absolute / 60))}:${pad2(absolute % 60)}`;
}

/**
 * The zones a picker offers: the current (non-deprecated) names plus the default zone, which the
 * table lists only as a deprecated alias yet is the value most users keep. Sorted west to east by
 * standard offset, then by name, so neighbouring entries share a clock.
 */
export function listTimeZoneOptions(): readonly TimeZoneOption[] {
  return [...TABLE.values()]
    .filter((zone) => !zone.deprecated || zone.name === DEFAULT_TIME_ZONE)
    .sort((a, b) => a.utcOffsetMinutes - b.utcOffsetMinutes || compareNames(a.name, b.name))
    .map((zone) => ({
      name: zone.name,
      label: optionLabel(zone),
      utcOffsetMinutes: zone.utcOffsetMinutes,
      dstOffsetMinutes: zone.dstOffsetMinutes,
    }));
}

function optionLabel(zone: TimeZoneRecord): string {
  const standard = `UTC${formatUtcOffset(zone.utcOffsetMinutes)}`;
  const offsets =
    zone.dstOffsetMinutes === zone.utcOffsetMinutes
      ? standard
      : `${standard}, DST ${formatUtcOffset(zone.dstOffsetMinutes)}`;
  return `(${offsets}) ${zone.name}`;
}

// Code-unit order, not localeCompare: the same order in every browser, worker and Node locale.
function compareNames(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function pad2(value: number): string {
  return String(value).padStart(2, '0');
}
