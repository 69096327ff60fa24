/*
 * Latitudes and longitudes as people and devices write them besides plain decimals: a decimal comma
 * (European tools, with a semicolon or tab between columns), a hemisphere letter before or after
 * ("47.61N", "W 122.33"), degrees-minutes-seconds ("47°36'36.0\"N", "47 36 36 N") and degrees with
 * decimal minutes ("N 47° 36.600'", marine and aviation logs). Plain decimals never reach this file:
 * geo-record reads them on its fast path first.
 */

// Degrees, then optionally minutes, then optionally seconds, each with a mark or a space or colon between.
const SEXAGESIMAL =
  /^([NSEW])?\s*([+-])?(\d{1,3}(?:[.,]\d+)?)\s*(?:°|º|˚|deg\b|d\b|:|\s)?\s*(?:(\d{1,2}(?:[.,]\d+)?)\s*(?:'|′|’|m\b|:|\s)?\s*(?:(\d{1,2}(?:[.,]\d+)?)\s*(?:"|″|”|''|s\b)?)?)?\s*([NSEW])?$/i;
const DECIMAL_COMMA = /^[+-]?\d+,\d+$/;

const decimal = (text: string | undefined) => (text === undefined ? 0 : Number(text.replace(',', '.')));

/** A number written with a decimal comma ("47,61"), when the columns are not comma-separated; else NaN. */
export function decimalCommaNumber(text: string): number {
  return DECIMAL_COMMA.test(text) ? Number(text.replace(',', '.')) : Number.NaN;
}

/**
 * The signed decimal degrees of a coordinate text in any of the forms above, NaN when it is none or
 * names the wrong axis (an "E" on a latitude). `decimalComma` allows "47,61" as one number.
 */
export function coordinateDegrees(text: string, axis: 'latitude' | 'longitude', decimalComma: boolean): number {
  if (decimalComma) {
    const plain = decimalCommaNumber(text);
    if (!Number.isNaN(plain)) return plain;
  }
  const match = SEXAGESIMAL.exec(text.trim());
  if (match === null) return Number.NaN;
  const [, before, sign, degrees, minutes, seconds, after] = match;
  if (before !== undefined && after !== undefined) return Number.NaN;
  const hemisphere = (before ?? after)?.toUpperCase();
  // Without a hemisphere or a degree mark, "47 36" could be anything.
  if (hemisphere === undefined && !/[°º˚]|deg/i.test(text)) return Number.NaN;
  if (hemisphere !== undefined && sign !== undefined) return Number.NaN;
  if (hemisphere !== undefined && (axis === 'latitude') !== (hemisphere === 'N' || hemisphere === 'S'))
    return Number.NaN;
  if (!decimalComma && [degrees, minutes, seconds].some((part) => part?.includes(','))) return Number.NaN;
  const minuteValue = decimal(minutes);
  const secondValue = decimal(seconds);
  // Fractional minutes end the text: "47°36.5'12\"" mixes two notations.
  const fractionalMinutes = minutes !== undefined && /[.,]/.test(minutes);
  if (minuteValue >= 60 || secondValue >= 60 || (fractionalMinutes && seconds !== undefined)) return Number.NaN;
  const value = decimal(degrees) + minuteValue / 60 + secondValue / 3600;
  return hemisphere === 'S' || hemisphere === 'W' || sign === '-' ? -value : value;
}
