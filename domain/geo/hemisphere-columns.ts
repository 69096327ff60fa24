/*
 * A coordinate's hemisphere in a column of its own: "N/S" after the latitude and "E/W" after the
 * longitude, as NMEA writes them and the tools that spread its sentences into columns keep them
 * (BT747's CSV of MTK loggers: Holux M-241, Qstarz BT-Q1000XT, iBlue 747), or EXIF's
 * GPSLatitudeRef in a photo-tag export. The degrees are then unsigned: read without the letter,
 * every point south or west of zero would land in the mirrored hemisphere.
 */
import { shorten } from '../import/parse-event-time.ts';

type HemisphereKind = 'latitude_hemisphere' | 'longitude_hemisphere';

// Compared after normalize (geo-column-names.ts): "N/S" is "ns", "N/S Indicator" (u-blox's name) "nsindicator".
export const HEMISPHERE_NAMES: Readonly<Record<HemisphereKind, readonly string[]>> = {
  latitude_hemisphere: [
    'ns',
    'sn',
    'nsindicator',
    'latitudehemisphere',
    'lathemisphere',
    'latituderef',
    'gpslatituderef',
    'latref',
    'latdir',
    'latitudedirection',
  ],
  longitude_hemisphere: [
    'ew',
    'we',
    'ewindicator',
    'longitudehemisphere',
    'lonhemisphere',
    'longituderef',
    'gpslongituderef',
    'lonref',
    'londir',
    'longitudedirection',
  ],
};

// A letter, or the word exiftool writes for GPSLatitudeRef ("North") unless asked for numbers.
const LETTERS = {
  latitude_hemisphere: /^\s*([NS]|north|south)\s*$/i,
  longitude_hemisphere: /^\s*([EW]|east|west)\s*$/i,
} as const;

/** Whether most filled sample cells are the kind's hemisphere letters (an odd one is its row's reason). */
export function isHemisphereColumn(kind: HemisphereKind, filled: readonly string[]): boolean {
  return filled.filter((cell) => LETTERS[kind].test(cell)).length * 2 > filled.length;
}

/**
 * The coordinate signed by its hemisphere cell (S and W south and west of zero), the reason the row is
 * invalid when the letter is of the other axis or contradicts a sign, or the value as it is when the
 * cell is empty or the map has no such column.
 */
export function withHemisphere(
  value: number,
  cell: string | undefined,
  axis: 'latitude' | 'longitude',
): number | string {
  if (cell === undefined || cell === '' || Number.isNaN(value)) return value;
  const [plus, minus] = axis === 'latitude' ? ['N', 'S'] : ['E', 'W'];
  if (!LETTERS[`${axis}_hemisphere`].test(cell))
    return `${axis}'s hemisphere '${shorten(cell)}' is not ${plus} or ${minus}`;
  const letter = cell.trim().charAt(0).toUpperCase();
  if (letter === minus) return -Math.abs(value);
  if (value < 0) return `${axis} ${value} is negative but its hemisphere column says ${plus}`;
  return value;
}
