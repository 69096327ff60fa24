import { describe, expect, it } from 'vitest';
import { detectedSettings, detectHead, fixtureBytes } from '../../tests/support/detect-fixture.ts';
import { collectImport } from './collect-import.ts';
import { settingsFromDetection } from './import-settings.ts';
import { parseImport } from './parse-import.ts';

describe('syslog detection', () => {
  it('macOS system.log: RFC 3164, the year the latest in which Sep 13 is not in the future', () => {
    const detection = detectHead(fixtureBytes('field/syslog/macos_syslog_mixed_hosts.log'), 'system.log');
    expect(detection.format).toBe('syslog');
    const today = new Date();
    const september13 = Date.UTC(today.getUTCFullYear(), 8, 13);
    const expectedYear =
      Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()) >= september13
        ? today.getUTCFullYear()
        : today.getUTCFullYear() - 1;
    expect(detectedSettings(detection)).toEqual({ format: 'syslog', timeZone: 'UTC', year: expectedYear });
    expect(detection.reason).toMatch(/^RFC 3164 syslog: 13 of 13 lines start a message/);
    expect(detection.reason).toContain(
      `year ${expectedYear} assumed: the latest year in which the last date (Sep 13) is not after today`,
    );
  });

  it('a date in the file name bounds the year instead of today', () => {
    const detection = detectHead('Dec 30 10:00:00 h app: a\nJan  2 09:00:00 h app: b\n', 'messages-20190105');
    // The file rolls over once; its last date, Jan 2, falls in 2019, so the first line is in 2018.
    expect(detectedSettings(detection)).toMatchObject({ year: 2018 });
    expect(detection.reason).toContain('the date in the file name (2019-01-05)');
    expect(detection.reason).toContain('roll over into a new year once');
  });

  it('Feb 29 picks a leap year', () => {
    const detection = detectHead('Feb 28 23:00:00 h app: a\nFeb 29 01:00:00 h app: b\n', 'messages-2022-06-01.log');
    expect(detectedSettings(detection)).toMatchObject({ year: 2020 });
    expect(detection.reason).toContain('Feb 29 (line 2) falls only in a leap year');
  });

  it('rsyslog RFC 5424 (it starts with "<", yet is no XML)', () => {
    const detection = detectHead(fixtureBytes('field/syslog/rfc5424_rsyslog_protocol23.log'), 'syslog');
    expect(detection.format).toBe('syslog');
    expect(detection.reason).toBe(
      'RFC 5424 syslog: 9 of 10 lines start a message (9 RFC 5424 (<PRI>1 and an ISO time)); 1 other line continues the message before',
    );
  });

  it('apt history stanzas', () => {
    const detection = detectHead(fixtureBytes('field/syslog/apt_history.log'), 'history.log');
    expect(detectedSettings(detection)).toEqual({ format: 'syslog', timeZone: 'UTC', layout: 'apt-history' });
    expect(detection.reason).toMatch(/^Debian apt history: 10 records/);
  });

  it('Zeek syslog.log is Zeek TSV, not syslog', () => {
    expect(detectHead(fixtureBytes('events/zeek_syslog_wrccdc2018.log'), 'syslog.log').format).toBe('delimited');
  });

  it('Linux auth.log imports with no settings at all', async () => {
    const text =
      'Mar  3 10:15:01 web01 CRON[2211]: session opened\nMar  3 10:17:42 web01 sshd[1234]: Failed password for root\n';
    const detection = detectHead(text, 'auth.log');
    const settings = settingsFromDetection(detection, 'Europe/Berlin');
    expect(settings?.format).toBe('syslog');
    const { records } = await collectImport(parseImport(new TextEncoder().encode(text), settings!));
    expect(records.map((record) => record.actor)).toEqual(['web01 CRON', 'web01 sshd']);
  });

  it('a Java stack trace in the messages does not hide the syslog lines', () => {
    const trace = [
      'java.lang.IllegalStateException: boom',
      '\tat com.example.A.run(A.java:10)',
      '\tat com.example.B.run(B.java:20)',
      '\tat java.lang.Thread.run(Thread.java:750)',
    ];
    const text = [
      'Apr  2 10:00:00 app1 java[900]: request failed',
      ...trace,
      'Apr  2 10:00:01 app1 java[900]: retrying',
      ...trace,
    ].join('\n');
    const detection = detectHead(`${text}\n`, 'app.log');
    expect(detection.format).toBe('syslog');
    expect(detection.reason).toMatch(
      /^RFC 3164 syslog: 2 of 10 lines start a message .*; 8 other lines continue the message before/,
    );
  });

  it('journalctl output: its "-- … --" markers are skipped', async () => {
    const text =
      '-- Logs begin at Mon 2024-01-01 00:00:00 UTC, end at Tue 2024-01-02 00:00:00 UTC. --\nJan 01 10:00:00 host1 sshd[12]: Accepted publickey for bob\n-- Reboot --\nJan 01 11:00:00 host1 systemd[1]: Started Session 3\n';
    const detection = detectHead(text, 'journal.txt');
    expect(detection.reason).toMatch(/^RFC 3164 syslog: 2 of 2 lines start a message/);
    const { records, invalid } = await collectImport(
      parseImport(new TextEncoder().encode(text), { format: 'syslog', timeZone: 'UTC', year: 2024 }),
    );
    expect(invalid).toEqual([]);
    expect(records.map((record) => [record.line, record.message])).toEqual([
      [2, 'Accepted publickey for bob'],
      [4, 'Started Session 3'],
    ]);
  });

  it('an XChat transcript ("<nick>" after the time) is not syslog', () => {
    expect(detectHead('Dec 31 21:11:55 <alice> hello\nDec 31 21:12:01 <bob> hi there\n', 'chat.log').format).not.toBe(
      'syslog',
    );
  });

  it('a CSV with ISO times first stays delimited', () => {
    expect(detectHead('2024-01-02T03:04:05Z,alice,login\n2024-01-02T03:04:06Z,bob,logout\n', 'events.csv').format).toBe(
      'delimited',
    );
  });

  it('takes the year from full dates the messages carry (FortiGate date=, Palo Alto CSV), followed across a new year', () => {
    const log = [
      'Dec 31 23:59:58 fw1 date=2023-12-31 time=23:59:58 devname="FG100F" action="deny"',
      'Jan  1 00:00:02 fw1 date=2024-01-01 time=00:00:02 devname="FG100F" action="deny"',
    ].join('\n');
    const detection = detectHead(`${log}\n`, 'fortigate.log');
    expect(detectedSettings(detection)).toEqual({ format: 'syslog', timeZone: 'UTC', year: 2023 });
    expect(detection.reason).toContain('year 2023 from the full dates the messages carry (2 of 2 lines)');
  });
});
