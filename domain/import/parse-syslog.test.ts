import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '../../tests/support/fixtures-dir.ts';
import { collectImport } from './collect-import.ts';
import type { ImportRecord } from './import-record.ts';
import { parseImport } from './parse-import.ts';
import type { SyslogSettings } from './syslog-settings.ts';
import { readSyslogHeader } from './syslog-line.ts';

const fixture = (name: string) => new Uint8Array(readFileSync(join(FIXTURES_DIR, 'field', 'syslog', name)));
const run = (input: Uint8Array | string, settings: Omit<SyslogSettings, 'format'>) =>
  collectImport(
    parseImport(typeof input === 'string' ? new TextEncoder().encode(input) : input, { format: 'syslog', ...settings }),
  );
/** An instant as an ISO string with all six fraction digits. */
const iso = (micros: number) =>
  new Date(Math.floor(micros / 1000)).toISOString().replace('Z', `${String(micros % 1000).padStart(3, '0')}Z`);
const actors = (records: readonly ImportRecord[]) => [...new Set(records.map((record) => record.actor))].sort();

describe('syslog fixtures (expected values read off the files by hand)', () => {
  it('macOS system.log: 13 RFC 3164 messages, out of time order, two spellings of the host', async () => {
    const { records, invalid } = await run(fixture('macos_syslog_mixed_hosts.log'), { timeZone: 'UTC', year: 2015 });
    expect(invalid).toEqual([]);
    expect(records).toHaveLength(13);
    expect(iso(records[0]!.startMicros)).toBe('2015-09-13T00:58:45.000000Z');
    expect(iso(records.at(-1)!.startMicros)).toBe('2015-09-13T03:46:03.000000Z');
    // Tim-Stacks-iMac.local (line 2) is the same Mac as Tim-Stacks-iMac: one host in the actors, the raw name in extra.
    expect(actors(records)).toEqual(['Tim-Stacks-iMac airportd', 'Tim-Stacks-iMac kernel']);
    // Line 6 goes back to 01:25:39 after 03:12:04: kept as written, same year.
    const sixth = records.find((record) => record.line === 6)!;
    expect(iso(sixth.startMicros)).toBe('2015-09-13T01:25:39.000000Z');
    expect(sixth.message).toBe('AppleThunderboltNHIType2::waitForOk2Go2Sx - retries = 60000');
    expect(records[4]!.message).toBe('AppleBCM5701Ethernet [en0]:        0        0 memWrInd fBJP_Wakeup_Timer');
    expect(records[1]!.extra).toMatchObject({ host: 'Tim-Stacks-iMac.local', program: 'airportd', pid: '59' });
  });

  it('reads zone-less times in the time zone setting', async () => {
    const { records } = await run(fixture('macos_syslog_mixed_hosts.log'), {
      timeZone: 'America/Los_Angeles',
      year: 2015,
    });
    // 13 September 2015 is in daylight time, UTC-7.
    expect(iso(records[0]!.startMicros)).toBe('2015-09-13T07:58:45.000000Z');
  });

  it('rsyslog RFC 5424: 9 messages from 10 lines, one continued, PRI as facility and severity', async () => {
    const { records, invalid } = await run(fixture('rfc5424_rsyslog_protocol23.log'), { timeZone: 'Asia/Tokyo' });
    expect(invalid).toEqual([]);
    expect(records).toHaveLength(9);
    expect(iso(records[0]!.startMicros)).toBe('2021-03-06T04:07:38.251122Z');
    expect(iso(records.at(-1)!.startMicros)).toBe('2021-03-06T04:07:38.269077Z');
    expect(actors(records)).toEqual(['hostname cron', 'hostname log_tag', 'hostname systemd']);
    expect(records[0]).toMatchObject({
      line: 1,
      message: 'this is debug',
      extra: { msgid: '123', priority: 15, facility: 'user', severity: 'debug' },
    });
    expect(records[1]).toMatchObject({ line: 2, message: 'this is info\nwith another line' });
    expect(records[2]).toMatchObject({ line: 4, message: `!@#$%^&*()-_=+[]{}\\|;:'",./<>?` });
    expect(records[3]!.extra).toMatchObject({ priority: 10, facility: 'user', severity: 'crit' });
    expect(records[4]!.extra).toMatchObject({ pid: '1', facility: 'daemon', severity: 'info' });
    expect(records[8]).toMatchObject({
      line: 10,
      message: '(CRON) INFO (Skipping @reboot jobs -- not system startup)',
      extra: { pid: '18898', facility: 'cron' },
    });
  });

  it('Debian apt history: 10 stanzas, Start-Date to End-Date, Requested-By or apt as the actor', async () => {
    const { records, invalid } = await run(fixture('apt_history.log'), { timeZone: 'UTC', layout: 'apt-history' });
    expect(invalid).toEqual([]);
    expect(records).toHaveLength(10);
    expect(records.map((record) => record.line)).toEqual([2, 7, 12, 17, 22, 28, 34, 40, 46, 52]);
    expect(iso(records[0]!.startMicros)).toBe('2019-07-10T16:38:08.000000Z');
    expect(iso(records[0]!.endMicros)).toBe('2019-07-10T16:38:10.000000Z');
    expect(iso(records.at(-1)!.startMicros)).toBe('2019-07-12T04:19:26.000000Z');
    expect(iso(records.at(-1)!.endMicros)).toBe('2019-07-12T04:19:27.000000Z');
    expect(actors(records)).toEqual(['apt', 'jxs']);
    expect(records[5]).toMatchObject({
      actor: 'jxs',
      message: 'apt-get install forensics-all',
      extra: { 'Requested-By': 'jxs (1005)' },
    });
    expect(records[4]!.extra.Error).toBe('Sub-process /usr/bin/dpkg returned an error code (1)');
    expect(records[6]!.extra).toMatchObject({
      Remove: 'volatility:amd64 (2.6-1), forensics-all:amd64 (1.5)',
      'Remove count': 2,
    });
  });
});

describe('syslog from other producers', () => {
  it('Linux auth.log: RFC 3164 with a host and sshd[pid]', async () => {
    const text = [
      'Mar  3 10:15:01 web01 CRON[2211]: pam_unix(cron:session): session opened for user root by (uid=0)',
      'Mar  3 10:17:42 web01 sshd[1234]: Failed password for invalid user admin from 203.0.113.9 port 52814 ssh2',
      'Mar 13 10:17:45 web01 sshd[1234]: Connection closed by invalid user admin 203.0.113.9 port 52814 [preauth]',
    ].join('\n');
    const { records, invalid } = await run(text, { timeZone: 'UTC', year: 2023 });
    expect(invalid).toEqual([]);
    expect(records.map((record) => iso(record.startMicros))).toEqual([
      '2023-03-03T10:15:01.000000Z',
      '2023-03-03T10:17:42.000000Z',
      '2023-03-13T10:17:45.000000Z',
    ]);
    expect(records[1]).toMatchObject({
      actor: 'web01 sshd',
      message: 'Failed password for invalid user admin from 203.0.113.9 port 52814 ssh2',
      extra: { pid: '1234' },
    });
  });

  it('journalctl -o short-full: the weekday and zone around the ISO time, UTC and an offset placing it', async () => {
    const text = [
      'Tue 2024-03-05 12:00:00 UTC web-01 sshd[1234]: Accepted publickey for alice',
      'Tue 2024-03-05 13:00:01.250 +01 web-01 kernel: Out of memory: Killed process 4321 (java)',
      'Tue 2024-03-05 12:00:02 CET web-01 CRON[99]: session opened',
    ].join('\n');
    // Chosen zone UTC: CET names one offset (+01:00), so the file's zone does not decide it.
    const { records, invalid } = await run(text, { timeZone: 'UTC' });
    expect(invalid).toEqual([]);
    expect(records.map((record) => [iso(record.startMicros), record.actor, record.message])).toEqual([
      ['2024-03-05T12:00:00.000000Z', 'web-01 sshd', 'Accepted publickey for alice'],
      ['2024-03-05T12:00:01.250000Z', 'web-01 kernel', 'Out of memory: Killed process 4321 (java)'],
      ['2024-03-05T11:00:02.000000Z', 'web-01 CRON', 'session opened'],
    ]);
  });

  it('macOS `log show` (default style): the process is the actor, the type its severity, the PID kept', async () => {
    const text = [
      'Timestamp                       Thread     Type        Activity             PID    TTL  ',
      '2024-03-05 13:00:00.123456+0100 0x1a2b3    Default     0x0                  123    0    sshd: (libpam.2.dylib) Accepted publickey for alice',
      '2024-03-05 13:00:01.000001+0100 0x1a2b4    Error       0x5e1                123    0    sshd: error: PAM: authentication error for bob',
      '2024-03-05 13:00:02.500000+0100 0x2c        Fault       0x0                  0      0    kernel: (AppleACPIPlatform) panic',
    ].join('\n');
    const { records, invalid } = await run(text, { timeZone: 'UTC' });
    expect(invalid.map((row) => row.line)).toEqual([1]);
    expect(
      records.map((record) => [iso(record.startMicros), record.actor, record.message, record.extra['severity']]),
    ).toEqual([
      ['2024-03-05T12:00:00.123456Z', 'sshd', '(libpam.2.dylib) Accepted publickey for alice', 'notice'],
      ['2024-03-05T12:00:01.000001Z', 'sshd', 'error: PAM: authentication error for bob', 'err'],
      ['2024-03-05T12:00:02.500000Z', 'kernel', '(AppleACPIPlatform) panic', 'crit'],
    ]);
  });

  it('an ISO time then text that is no program tag (GitHub Actions) is not read as syslog', async () => {
    const lines = [
      '2024-03-05T12:00:00.1234567Z ##[group]Run actions/checkout@v4',
      '2024-03-05T12:00:01.0000000Z ##[endgroup]',
      '2024-03-05T12:00:05.5000000Z ##[error]Process completed with exit code 1.',
    ];
    for (const line of lines) expect(readSyslogHeader(line)?.program).toBeUndefined();
  });

  it('a BSD line without a host: the program alone is the actor', async () => {
    const { records } = await run('<13>Oct  7 08:01:02 kernel[0]: wake reason: EC.LidOpen\n', {
      timeZone: 'UTC',
      year: 2020,
    });
    expect(records[0]).toMatchObject({
      actor: 'kernel',
      message: 'wake reason: EC.LidOpen',
      extra: { priority: 13, facility: 'user', severity: 'notice' },
    });
  });

  it('a year after the day (Cisco) is used as written; launchd tags without a colon', async () => {
    const text =
      'Mar 01 2019 10:00:00: %ASA-6-302013: Built outbound TCP connection\nJan  9 08:00:00 mac com.apple.xpc.launchd[1] (com.apple.mdworker[42]): Service exited\n';
    const { records } = await run(text, { timeZone: 'UTC', year: 2023 });
    expect(iso(records[0]!.startMicros)).toBe('2019-03-01T10:00:00.000000Z');
    expect(records[0]).toMatchObject({ actor: '%ASA', message: 'Built outbound TCP connection' });
    expect(records[1]).toMatchObject({
      actor: 'mac com.apple.xpc.launchd',
      message: '(com.apple.mdworker[42]): Service exited',
      extra: { pid: '1' },
    });
  });

  it('"last message repeated" lines name no host', async () => {
    const { records } = await run('Sep 13 00:58:45 --- last message repeated 1 time ---\n', {
      timeZone: 'UTC',
      year: 2015,
    });
    expect(records[0]).toMatchObject({ actor: '', message: '--- last message repeated 1 time ---' });
  });

  it('apt history: a record without a readable Start-Date is an invalid row; the others import', async () => {
    const text =
      'Start-Date: 2019-07-10  16:38:08\nCommandline: apt-get update\nEnd-Date: 2019-07-10  16:38:09\n\nStart-Date: 2019-13-10  16:38:08\nCommandline: apt-get bad\n\nCommandline: apt-get orphan\n';
    const { records, invalid } = await run(text, { timeZone: 'UTC', layout: 'apt-history' });
    expect(records.map((record) => [record.line, record.actor, record.message])).toEqual([
      [1, 'apt', 'apt-get update'],
    ]);
    expect(invalid).toEqual([
      {
        line: 5,
        reason:
          'line 5, field "Start-Date": "2019-13-10  16:38:08" is not a date (expected year-month-day hour:minute:second)',
      },
      { line: 8, reason: 'line 8: the record has no "Start-Date" (expected e.g. "Start-Date: 2019-07-10  16:38:08")' },
    ]);
  });

  it('Busybox and OpenWrt: "facility.level" before the tag; logread\'s weekday and year', async () => {
    const text = [
      'Jan  2 03:04:05 router daemon.warn dnsmasq[123]: possible DNS-rebind attack detected',
      'Thu Jan  2 03:04:06 2020 kern.info kernel: [   12.345678] br-lan: port 1(eth0) entered forwarding state',
    ].join('\n');
    const { records } = await run(text, { timeZone: 'UTC', year: 2020 });
    expect(records[0]).toMatchObject({
      actor: 'router dnsmasq',
      message: 'possible DNS-rebind attack detected',
      extra: { facility: 'daemon', severity: 'warning', priority: 28 },
    });
    expect(records[1]).toMatchObject({
      actor: 'kernel',
      message: '[   12.345678] br-lan: port 1(eth0) entered forwarding state',
      extra: { facility: 'kern', severity: 'info' },
    });
    expect(iso(records[1]!.startMicros)).toBe('2020-01-02T03:04:06.000000Z');
  });

  it('rolls the year over at the year end', async () => {
    const text = 'Dec 31 23:59:59 gw ntpd[88]: last of the year\nJan  1 00:00:01 gw ntpd[88]: first of the next\n';
    const { records } = await run(text, { timeZone: 'UTC', year: 2023 });
    expect(records.map((record) => iso(record.startMicros))).toEqual([
      '2023-12-31T23:59:59.000000Z',
      '2024-01-01T00:00:01.000000Z',
    ]);
  });

  it('Feb 29 in a year that has none is an invalid row naming the line and the date', async () => {
    const { records, invalid } = await run('Feb 28 12:00:00 h app: a\nFeb 29 12:00:00 h app: b\n', {
      timeZone: 'UTC',
      year: 2023,
    });
    expect(records).toHaveLength(1);
    expect(invalid).toEqual([
      {
        line: 2,
        reason:
          'line 2, field "time": "2023-02-29 12:00:00" is not a date (expected a real calendar day and time of day)',
      },
    ]);
  });

  it('RFC 5424 with structured data (escaped bracket), an offset and a BOM before MSG', async () => {
    const text = [
      '<165>1 2003-10-11T22:14:15.003Z mymachine.example.com evntslog - ID47 [exampleSDID@32473 iut="3" eventSource="Application" eventID="1011"][examplePriority@32473 class="high"] \uFEFFAn application event log entry',
      '<34>1 2003-08-24T05:14:15.000003-07:00 192.0.2.1 myproc 8710 - [meta note="a \\] inside"] %% It\'s time to make the do-nuts.',
      '<13>1 - host app - - - no time here',
    ].join('\n');
    const { records, invalid } = await run(text, { timeZone: 'UTC' });
    expect(records[0]).toMatchObject({
      actor: 'mymachine.example.com evntslog',
      message: 'An application event log entry',
      extra: {
        msgid: 'ID47',
        structuredData:
          '[exampleSDID@32473 iut="3" eventSource="Application" eventID="1011"][examplePriority@32473 class="high"]',
        facility: 'local4',
        severity: 'notice',
      },
    });
    expect(iso(records[0]!.startMicros)).toBe('2003-10-11T22:14:15.003000Z');
    expect(iso(records[1]!.startMicros)).toBe('2003-08-24T12:14:15.000003Z');
    expect(records[1]).toMatchObject({
      message: "%% It's time to make the do-nuts.",
      extra: { pid: '8710', structuredData: '[meta note="a \\] inside"]' },
    });
    expect(invalid).toEqual([
      { line: 3, reason: 'line 3: the timestamp is "-" (none given), so the message has no time' },
    ]);
  });

  it('rsyslog file format: an ISO time with an offset before host and program', async () => {
    const { records } = await run('2024-01-02T03:04:05.123456+01:00 db1 postgres[77]: checkpoint complete\n', {
      timeZone: 'UTC',
    });
    expect(records[0]).toMatchObject({ actor: 'db1 postgres', message: 'checkpoint complete' });
    expect(iso(records[0]!.startMicros)).toBe('2024-01-02T02:04:05.123456Z');
  });

  it('a line before any message is invalid; a file with no message at all is refused', async () => {
    const { records, invalid } = await run('garbage first\nJan  5 01:02:03 h app: ok\n', {
      timeZone: 'UTC',
      year: 2022,
    });
    expect(records).toHaveLength(1);
    expect(invalid[0]!.line).toBe(1);
    expect(invalid[0]!.reason).toMatch(
      /^line 1: "garbage first" does not start a syslog message \(expected a syslog time first/,
    );
    await expect(run('not syslog\nat all\n', { timeZone: 'UTC' })).rejects.toThrow(
      /No line of the file is a syslog message/,
    );
  });

  it('without a year setting, infers one and says so in the notes', async () => {
    const { records, summary } = await run('Feb 29 10:00:00 h app: leap day\n', { timeZone: 'UTC' });
    const year = new Date(records[0]!.startMicros / 1000).getUTCFullYear();
    expect(year % 4).toBe(0);
    expect(summary.notes.join(' ')).toMatch(/Feb 29 \(line 1\) falls only in a leap year/);
  });

  it('streams: a message continued across the 64 KiB pass boundary stays one event', async () => {
    const lines: string[] = [];
    for (let index = 0; index < 2000; index += 1)
      lines.push(`Jun  1 10:00:00 h app[1]: message ${index}`, `  continued ${index}`);
    const bytes = new TextEncoder().encode(lines.join('\n'));
    const chunks = Array.from({ length: Math.ceil(bytes.length / 1000) }, (_, index) =>
      bytes.subarray(index * 1000, (index + 1) * 1000),
    );
    const { records, invalid } = await collectImport(
      parseImport(chunks, { format: 'syslog', timeZone: 'UTC', year: 2021 }),
    );
    expect(invalid).toEqual([]);
    expect(records).toHaveLength(2000);
    expect(
      records.every(
        (record, index) => record.message === `message ${index}\n  continued ${index}` && record.line === index * 2 + 1,
      ),
    ).toBe(true);
  });
});
