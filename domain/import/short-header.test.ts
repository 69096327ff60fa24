/*
 * A header naming fewer columns than its rows hold: Windows Event Viewer's "Save All Events As…" CSV
 * leaves the description column unnamed and quotes its many lines. Written after that export's layout;
 * instants worked out by hand (9/27/2013 2:42:26 PM, a US date: 27 cannot be a month).
 */
import { describe, expect, it } from 'vitest';
import { collectImport } from './collect-import.ts';
import { detectFormat } from './detect-format.ts';
import { settingsFromDetection } from './import-settings.ts';
import { parseImport } from './parse-import.ts';

const EXPORT = [
  'Level,Date and Time,Source,Event ID,Task Category',
  'Information,9/27/2013 2:42:26 PM,Microsoft-Windows-Security-Auditing,4624,Logon,"An account was successfully logged on.',
  '',
  'Subject:',
  '\tSecurity ID:\t\tSYSTEM"',
  'Audit Failure,9/27/2013 2:43:01 PM,Microsoft-Windows-Security-Auditing,4625,Logon,"An account failed to log on."',
  'Information,9/28/2013 1:05:00 AM,Service Control Manager,7036,None,"The Windows Update service entered the running state."',
].join('\r\n');

describe('a header shorter than its rows', () => {
  it('names the columns it has, the unnamed one read as the message, Source as the actor', async () => {
    const bytes = new TextEncoder().encode(EXPORT);
    const detection = detectFormat(bytes, 'Security.csv');
    const settings = settingsFromDetection(detection, 'UTC');
    expect(detection.format).toBe('delimited');
    if (detection.format !== 'delimited' || settings === undefined) throw new Error(detection.reason);
    expect(detection.columns.slice(0, 5)).toEqual(['Level', 'Date and Time', 'Source', 'Event ID', 'Task Category']);
    const { records, invalid } = await collectImport(parseImport(bytes, settings));
    expect(invalid).toEqual([]);
    expect(records.map((r) => new Date(r.startMicros / 1000).toISOString())).toEqual([
      '2013-09-27T14:42:26.000Z',
      '2013-09-27T14:43:01.000Z',
      '2013-09-28T01:05:00.000Z',
    ]);
    expect(records.map((r) => r.actor)).toEqual([
      'Microsoft-Windows-Security-Auditing',
      'Microsoft-Windows-Security-Auditing',
      'Service Control Manager',
    ]);
    expect(records[1]?.message).toBe('An account failed to log on.');
  });

  it('a row of names before a table whose rows are all names is no header of it', () => {
    const text = 'Report,Generated\nname,city,country\nalpha,beta,gamma\n';
    const detection = detectFormat(new TextEncoder().encode(text), 'names.csv');
    expect(detection.format === 'delimited' ? detection.columns : []).not.toContain('Report');
  });
});
