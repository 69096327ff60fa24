/*
 * Lazy loading of js-joda's IANA zone rules (~730 KB) and resolving a table name to a ZoneId.
 * The full data set is used on purpose: the trimmed builds in @js-joda/timezone/dist stop at 2030
 * (1970-2030) or cover only ten years (10-year-range, 2017-2027), and past their last year they drop
 * daylight saving time altogether, so July 2040 in New York would read as -05:00. Incident timestamps
 * must be right from 1970 to 2100, which only the full build gives (checked in the tests).
 */
import { ZoneId, ZoneRulesProvider } from '@js-joda/core';
import { isKnownTimeZone } from './time-zone-table.ts';

let loading: Promise<void> | undefined;

/**
 * Registers the zone rules with js-joda once; later calls share the first promise. A failed import
 * (say an offline client without the cached chunk) is forgotten so the next call can try again.
 */
export function loadTimeZones(): Promise<void> {
  loading ??= import('@js-joda/timezone').then(
    () => undefined,
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** True once zone rules are registered, by loadTimeZones() or by anyone importing '@js-joda/timezone'. */
export function isTimeZoneDataLoaded(): boolean {
  return ZoneRulesProvider.getAvailableZoneIds().length > 0;
}

/**
 * The ZoneId for a name from the known zone table. Throws a RangeError for a name the table does not
 * hold (section 5: such a zone is not accepted), and an Error when the rules are not loaded yet.
 * "UTC" needs no loaded data (js-joda knows it built in), so the default zone works from first paint.
 */
export function resolveTimeZone(name: string): ZoneId {
  if (!isKnownTimeZone(name)) throw new RangeError(`Unknown time zone: ${JSON.stringify(name)}`);
  try {
    return ZoneId.of(name);
  } catch (error) {
    if (isTimeZoneDataLoaded()) throw error;
    throw new Error(`Time zone data is not loaded: await loadTimeZones() before using ${name}`, {
      cause: error,
    });
  }
}
