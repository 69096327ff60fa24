/*
 * An explicit time pattern the analyst gives when no detected shape fits (`M/d/yyyy h:mm:ss a`,
 * `dd/MMM/yyyy:HH:mm:ss Z`), read with js-joda's DateTimeFormatter. Month and AM/PM names need the
 * English locale data, loaded only when a pattern is used so other imports do not download it.
 */
import { DateTimeFormatter, LocalDate, LocalDateTime, ZonedDateTime, ZoneOffset, type ZoneId } from '@js-joda/core';
import type { TimestampReader } from './read-timestamp.ts';

const ZONE_LETTERS = /[XxZOVz]/;
const TIME_LETTERS = /[HhKkmsSa]/;

/** A reader for `pattern`, or a sentence saying why the pattern is not one. */
export async function loadPatternReader(pattern: string, zone: ZoneId): Promise<TimestampReader | string> {
  const { Locale } = await import('./en-us-locale.ts');
  let formatter: DateTimeFormatter;
  try {
    formatter = DateTimeFormatter.ofPattern(pattern).withLocale(Locale.US);
  } catch (error) {
    return `the time pattern ${JSON.stringify(pattern)} is not a pattern (${error instanceof Error ? error.message : String(error)})`;
  }
  // Letters inside quotes are literal text, not fields.
  const letters = pattern.replace(/'[^']*'/g, '');
  const zoned = ZONE_LETTERS.test(letters);
  const timed = TIME_LETTERS.test(letters);
  return (text, offsetMinutes) => {
    try {
      let epochSecond: number;
      let nanos = 0;
      if (zoned) {
        const value = ZonedDateTime.parse(text.trim(), formatter);
        epochSecond = value.toEpochSecond();
        nanos = value.nano();
      } else {
        const local = timed
          ? LocalDateTime.parse(text.trim(), formatter)
          : LocalDate.parse(text.trim(), formatter).atStartOfDay();
        const at =
          offsetMinutes === undefined
            ? ZonedDateTime.ofLocal(local, zone, null)
            : local.atZone(ZoneOffset.ofTotalMinutes(offsetMinutes));
        epochSecond = at.toEpochSecond();
        nanos = local.nano();
      }
      const micros = epochSecond * 1_000_000 + Math.floor(nanos / 1000);
      return Number.isSafeInteger(micros) && micros >= 0 ? micros : undefined;
    } catch {
      return undefined;
    }
  };
}
