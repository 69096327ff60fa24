import { describe, expect, it } from 'vitest';
import { loadTimeZones } from '../../../domain/time/time-zone-loader.ts';
import { formatTimeTicks } from './series-time-axis.ts';

const at = (iso: string) => Date.parse(iso) * 1000;
const MINUTE = 60_000_000;

describe('formatTimeTicks', () => {
  it('puts the date with its year under the first tick and where the day changes', () => {
    const ticks = [
      at('2023-12-31T23:30:00Z'),
      at('2023-12-31T23:45:00Z'),
      at('2024-01-01T00:00:00Z'),
      at('2024-01-01T00:15:00Z'),
    ];
    expect(formatTimeTicks(ticks, 15 * MINUTE, 'UTC')).toEqual([
      '23:30\n2023-12-31',
      '23:45',
      '00:00\n2024-01-01',
      '00:15',
    ]);
  });

  it('keeps the year on an axis spanning years (days apart: dates only)', () => {
    const ticks = [at('2021-03-14T00:00:00Z'), at('2024-07-24T00:00:00Z')];
    expect(formatTimeTicks(ticks, 2 * 24 * 60 * MINUTE, 'UTC')).toEqual(['2021-03-14', '2024-07-24']);
    expect(formatTimeTicks(ticks, 90 * 24 * 60 * MINUTE, 'UTC')).toEqual(['2021-03', '2024-07']);
  });

  it('shows seconds and milliseconds when the ticks are that close', () => {
    expect(formatTimeTicks([at('2024-01-02T07:22:55Z'), at('2024-01-02T07:23:00Z')], 5_000_000, 'UTC')).toEqual([
      '07:22:55\n2024-01-02',
      '07:23:00',
    ]);
    expect(formatTimeTicks([at('2024-01-02T07:22:55.250Z')], 250_000, 'UTC')).toEqual(['07:22:55.250\n2024-01-02']);
  });

  it('reads the ticks in the incident time zone', async () => {
    await loadTimeZones();
    expect(formatTimeTicks([at('2024-01-02T07:30:00Z')], 15 * MINUTE, 'Asia/Tokyo')).toEqual(['16:30\n2024-01-02']);
  });
});
