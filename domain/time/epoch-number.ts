/*
 * Epoch numbers (plain digits, maybe a fraction) to microseconds, in a fixed unit or with the unit
 * told apart by magnitude ('auto'). Worked on the digit string, never through a float, so
 * 1521911720.629574 s stays exact and nanoseconds are truncated, not rounded across a microsecond.
 */

export type EpochUnit = 'auto' | 'seconds' | 'milliseconds' | 'microseconds' | 'nanoseconds';
export type FixedEpochUnit = Exclude<EpochUnit, 'auto'>;

/** Digits of the unit below a second, i.e. how far the unit's decimal point sits from a second's. */
const UNIT_SCALE: Record<FixedEpochUnit, number> = { seconds: 6, milliseconds: 3, microseconds: 0, nanoseconds: -3 };

/**
 * The unit an integer part of this many digits means for times from 1973 to 2286: 9-10 digits are
 * seconds, 12-13 milliseconds, 15-16 microseconds, 18-19 nanoseconds; the digit counts between
 * (11, 14, 17) belong to the smaller unit, the far future of the one before.
 */
export function unitByMagnitude(integerDigits: number): FixedEpochUnit | undefined {
  if (integerDigits < 1 || integerDigits > 20) return undefined;
  if (integerDigits <= 11) return 'seconds';
  if (integerDigits <= 14) return 'milliseconds';
  if (integerDigits <= 17) return 'microseconds';
  return 'nanoseconds';
}

/** True for "123", "123.45": digits, at most one point with digits on both sides. */
export function isEpochNumber(text: string): boolean {
  let point = -1;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code === 46 && point === -1 && index > 0 && index < text.length - 1) point = index;
    else if (code < 48 || code > 57) return false;
  }
  return text.length > 0;
}

/** Microseconds since the epoch for an epoch number (checked with isEpochNumber), or undefined. */
export function readEpochNumber(text: string, unit: EpochUnit): number | undefined {
  const point = text.indexOf('.');
  const whole = point === -1 ? text : text.slice(0, point);
  const fraction = point === -1 ? '' : text.slice(point + 1);
  const fixed = unit === 'auto' ? unitByMagnitude(whole.replace(/^0+(?=\d)/, '').length) : unit;
  if (fixed === undefined) return undefined;
  const scale = UNIT_SCALE[fixed];
  const digits =
    scale >= 0 ? whole + fraction.slice(0, scale).padEnd(scale, '0') : whole.slice(0, whole.length + scale);
  if (digits === '') return 0;
  const micros = Number(digits);
  return Number.isSafeInteger(micros) ? micros : undefined;
}
