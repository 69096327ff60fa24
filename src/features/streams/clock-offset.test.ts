import { describe, expect, it } from 'vitest';
import { formatClockOffset, MAX_OFFSET_MICROS, parseClockOffset } from './clock-offset.ts';

const micros = (input: string) => {
  const parsed = parseClockOffset(input);
  if (!parsed.ok) throw new Error(`${input} was refused: ${parsed.reason}`);
  return parsed.micros;
};
const reason = (input: string) => {
  const parsed = parseClockOffset(input);
  if (parsed.ok) throw new Error(`${input} was accepted as ${parsed.micros}`);
  return parsed.reason;
};

describe('parseClockOffset', () => {
  it('reads amounts with units, signed or not', () => {
    expect(micros('+90s')).toBe(90_000_000);
    expect(micros('90s')).toBe(90_000_000);
    expect(micros('-1h 30m')).toBe(-5_400_000_000);
    expect(micros('-1h30m')).toBe(-5_400_000_000);
    expect(micros('250ms')).toBe(250_000);
    expect(micros('1d 2h')).toBe(93_600_000_000);
    expect(micros('15us')).toBe(15);
    expect(micros('15µs')).toBe(15);
    expect(micros('2 min, 5 sec')).toBe(125_000_000);
    expect(micros('+ 3S')).toBe(3_000_000);
    expect(micros('\u22125s')).toBe(-5_000_000);
  });

  it('reads decimals exactly, to the microsecond', () => {
    expect(micros('1.5s')).toBe(1_500_000);
    expect(micros('0.1h')).toBe(360_000_000);
    expect(micros('-0.000001s')).toBe(-1);
    expect(reason('0.0000001s')).toContain('finer than a microsecond');
  });

  it('reads clock forms: h:mm:ss and m:ss, with a fraction', () => {
    expect(micros('-00:01:30')).toBe(-90_000_000);
    expect(micros('1:02:03')).toBe(3_723_000_000);
    expect(micros('1:30')).toBe(90_000_000);
    expect(micros('+0:00:01.25')).toBe(1_250_000);
    expect(reason('1:75')).toContain('seconds run 00 to 59');
    expect(reason('1:75:00')).toContain('minutes run 00 to 59');
  });

  it('keeps zero unsigned', () => {
    expect(Object.is(micros('-0s'), 0)).toBe(true);
    expect(micros('00:00:00')).toBe(0);
  });

  it('refuses what it cannot read, saying why', () => {
    expect(reason('')).toContain('is empty');
    expect(reason('-')).toContain('no amount');
    expect(reason('90')).toContain('has no unit');
    expect(reason('5 minutes')).toContain('cannot read');
    expect(reason('1h 2h')).toContain('h twice');
    expect(reason('1m 1min')).toContain('m twice');
    expect(reason('soon')).toContain('cannot read "soon"');
    expect(reason('1h -5m')).toContain('cannot read "-5m"');
  });

  it('keeps within the year the server accepts', () => {
    expect(micros('365d')).toBe(MAX_OFFSET_MICROS);
    expect(micros('-365d')).toBe(-MAX_OFFSET_MICROS);
    expect(reason('365d 1us')).toContain('more than 365 days');
    expect(reason('99999999999999999999h')).toContain('more than 365 days');
  });
});

describe('formatClockOffset', () => {
  it('writes the largest units first, signed', () => {
    expect(formatClockOffset(90_000_000)).toBe('+1m 30s');
    expect(formatClockOffset(-5_400_000_000)).toBe('-1h 30m');
    expect(formatClockOffset(250_000)).toBe('+250ms');
    expect(formatClockOffset(93_600_000_001)).toBe('+1d 2h 1µs');
    expect(formatClockOffset(0)).toBe('0s');
  });

  it('round-trips through the parser', () => {
    for (const value of [1, -1, 999_999, 61_000_001, -86_400_000_000, 12_345_678_901]) {
      expect(micros(formatClockOffset(value))).toBe(value);
    }
  });
});
