import { beforeAll, describe, expect, it } from 'vitest';
import { loadTimeZones } from './time-zone-loader.ts';
import { inputToMicros, microsToInput } from './datetime-local-input.ts';

describe('audit time inputs', () => {
  beforeAll(async () => {
    await loadTimeZones();
  });

  it('read a datetime-local value in the chosen zone', () => {
    expect(inputToMicros('2024-03-01T10:30', 'UTC')).toBe(Date.UTC(2024, 2, 1, 10, 30) * 1000);
    expect(inputToMicros('2024-03-01T10:30:15', 'UTC')).toBe(Date.UTC(2024, 2, 1, 10, 30, 15) * 1000);
    expect(inputToMicros('2024-07-01T12:00', 'Europe/Berlin')).toBe(Date.UTC(2024, 6, 1, 10, 0) * 1000);
  });

  it('make an end bound cover its whole second', () => {
    expect(inputToMicros('2024-03-01T10:30:15', 'UTC', true)).toBe(Date.UTC(2024, 2, 1, 10, 30, 16) * 1000 - 1);
  });

  it('give no value for anything else', () => {
    for (const value of ['', '2024-03-01', '2024-13-01T10:30', 'yesterday', '2024-03-01 10:30'])
      expect(inputToMicros(value, 'UTC')).toBeUndefined();
  });

  it('write an instant back for the input, in the zone', () => {
    expect(microsToInput(Date.UTC(2024, 6, 1, 10, 0, 5) * 1000, 'Europe/Berlin')).toBe('2024-07-01T12:00:05');
    expect(microsToInput(undefined, 'UTC')).toBe('');
  });
});
