/*
 * Android logcat as the syslog importer reads it: threadtime and time formats, with the year inferred
 * like RFC 3164's (and rolled over at the year's end), `-v year` dates as given, the tag as the actor,
 * and the "--------- beginning of …" buffer lines skipped.
 */
import { describe, expect, it } from 'vitest';
import { importDetected } from '../../tests/support/import-detected.ts';

async function importText(text: string, fileName: string) {
  const { detection, records, invalid, summary } = await importDetected(text, fileName);
  return { detection, result: { records, invalid, summary } };
}

const THREADTIME = `--------- beginning of main
12-31 23:59:58.100  1234  5678 I ActivityManager: Start proc 4321:com.example.app/u0a123 for activity
12-31 23:59:59.900  1234  1250 W PackageManager: Unknown permission android.permission.FOO
--------- beginning of crash
01-01 00:00:01.250  4321  4400 E AndroidRuntime: FATAL EXCEPTION: main
01-01 00:00:01.251  4321  4400 E AndroidRuntime: java.lang.NullPointerException
01-01 00:00:02.000  4321  4321 D chatty  : uid=10123 expire 3 lines
`;

describe('Android logcat', () => {
  it('threadtime: detected with no settings, the year rolled over at New Year, the tag the actor, the priority the severity', async () => {
    const { detection, result } = await importText(THREADTIME, 'logcat.txt');
    expect(detection.format).toBe('syslog');
    expect(detection.reason).toMatch(/^Android logcat: 5 of 5 lines start a message/);
    expect(result.invalid).toEqual([]);
    expect(result.records.map((record) => record.actor)).toEqual([
      'ActivityManager',
      'PackageManager',
      'AndroidRuntime',
      'AndroidRuntime',
      'chatty',
    ]);
    const years = result.records.map((record) => new Date(record.startMicros / 1000).getUTCFullYear());
    expect(years[1]! + 1).toBe(years[2]);
    expect(new Date(result.records[0]!.startMicros / 1000).toISOString().slice(5)).toBe('12-31T23:59:58.100Z');
    expect(result.records[2]).toMatchObject({
      message: 'FATAL EXCEPTION: main',
      extra: { pid: '4321', tid: '4400', severity: 'err' },
    });
    expect(result.records[4]!.extra).toMatchObject({ severity: 'debug' });
  });

  it('the time format ("L/Tag( pid): ") and `-v year` dates', async () => {
    const { result } = await importText(
      '2024-03-05 10:11:12.345 I/ActivityManager( 1234): Displayed com.example/.Main: +350ms\n2024-03-05 10:11:13.000 E/Watchdog(  900): Blocked in handler\n',
      'bugreport-logcat.txt',
    );
    expect(
      result.records.map((record) => [new Date(record.startMicros / 1000).toISOString(), record.actor, record.message]),
    ).toEqual([
      ['2024-03-05T10:11:12.345Z', 'ActivityManager', 'Displayed com.example/.Main: +350ms'],
      ['2024-03-05T10:11:13.000Z', 'Watchdog', 'Blocked in handler'],
    ]);
    expect(result.records[1]!.extra).toMatchObject({ pid: '900', severity: 'err' });
  });
});
