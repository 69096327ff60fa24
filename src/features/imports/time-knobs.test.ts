import { describe, expect, it } from 'vitest';
import type { SettingsDraft } from './import-settings-draft.ts';
import { timeKnobsOf } from './time-knobs.ts';

const syslog = (layout: string | undefined): SettingsDraft =>
  ({ format: 'syslog', timeZone: 'UTC', ...(layout === undefined ? {} : { layout }) }) as SettingsDraft;

describe('the time settings the import preview offers', () => {
  it('asks for the year only of syslog lines, which leave it out', () => {
    expect(timeKnobsOf(syslog(undefined))).toEqual(['year']);
    expect(timeKnobsOf(syslog('lines'))).toEqual(['year']);
  });

  it('offers no year for layouts whose lines carry full dates or epoch times', () => {
    for (const layout of ['apt-history', 'windows-events', 'journal-export', 'powershell-transcript', 'mysql'])
      expect(timeKnobsOf(syslog(layout)), layout).toEqual([]);
  });

  it('offers the date order for a text log with full dates, the start day for times of day alone', () => {
    expect(timeKnobsOf(syslog('timestamped'))).toEqual(['dateOrder']);
    const timeOfDay = { ...syslog('timestamped'), timePrefix: { timeOfDay: true } } as SettingsDraft;
    expect(timeKnobsOf(timeOfDay)).toEqual(['startDate']);
  });
});
