/*
 * Syslog-family producers as examples/syslog holds them (Redis's own log, …), and what their
 * detection says.
 */
import { describe, expect, it } from 'vitest';
import { exampleInput, itReadsEachExample } from '../../tests/support/example-cases.ts';
import { detectFormat } from './detect-format.ts';
import { SyslogSettingsSchema } from './syslog-settings.ts';
import { collectImport } from './collect-import.ts';
import { parseImport } from './parse-import.ts';
import { importDetected, isoOfMicros } from '../../tests/support/import-detected.ts';

describe('syslog examples', () => {
  itReadsEachExample('syslog', SyslogSettingsSchema);

  it('detects Redis logs of both ages as the syslog family, with level and role in extra', async () => {
    const old = detectFormat(exampleInput('syslog', 'redis-2'), 'redis.log');
    expect(old.format).toBe('syslog');
    expect(old.reason).toMatch(/^Redis server log: 5 of 5 lines start a message/);
    const { records } = await collectImport(
      parseImport(exampleInput('syslog', 'redis-sentinel'), { format: 'syslog', timeZone: 'UTC' }),
    );
    expect(records[0]?.extra).toEqual({
      program: 'redis',
      pid: '7',
      role: 'sentinel',
      priority: 12,
      facility: 'user',
      severity: 'warning',
    });
  });

  it('names the fields of firewall CSV payloads in extra and keeps the payload as written', async () => {
    const settings = { format: 'syslog', timeZone: 'UTC' } as const;
    const pfsense = await collectImport(parseImport(exampleInput('syslog', 'pfsense-filterlog'), settings));
    expect(pfsense.records[1]?.extra).toMatchObject({
      'rule-number': '9',
      interface: 'igb1',
      action: 'pass',
      direction: 'in',
      'ip-version': '6',
      protocol: 'tcp',
      source: '2001:db8::5',
      'source-port': '50122',
      'destination-port': '443',
      'tcp-flags': 'S',
      payload: expect.stringMatching(/^9,,,1000000105,igb1,/) as unknown,
    });
    const pan = await collectImport(parseImport(exampleInput('syslog', 'paloalto-csv-over-bsd-syslog'), settings));
    expect(pan.records.map((record) => record.message)).toEqual([
      'TRAFFIC end allow: tcp 10.0.0.5:51515 → 93.184.216.34:443 ssl (rule allow-web)',
      'THREAT url alert: tcp 10.0.0.5:51516 → 93.184.216.35:80 web-browsing: bad.example.com/malware.exe (9999)',
    ]);
    expect(pan.records[1]?.extra).toMatchObject({
      Type: 'THREAT',
      'Source Zone': 'trust',
      'URL/Filename': 'bad.example.com/malware.exe',
      Category: 'malware',
      Severity: 'informational',
      Direction: 'client-to-server',
    });
  });

  it('names CEF and LEEF fields in extra: custom fields by their labels, escapes undone, the payload kept', async () => {
    const settings = { format: 'syslog', timeZone: 'UTC', year: 2024 } as const;
    const { records } = await collectImport(parseImport(exampleInput('syslog', 'cef-leef-over-syslog'), settings));
    expect(records[0]?.extra).toMatchObject({
      vendor: 'Trend Micro',
      product: 'Deep Security Agent',
      'signature-id': '4000000',
      severity: '6',
      'Host ID': '1',
      filePath: '/tmp/eicar com.txt',
      act: 'Quarantine',
    });
    expect(records[0]?.extra).not.toHaveProperty('cn1Label');
    expect(records[1]?.extra).toMatchObject({ msg: 'a=b pipe | kept', dpt: '22' });
    expect(records[1]?.extra['payload']).toMatch(/^0\|Check Point\|/);
    expect(records[2]?.extra).toMatchObject({ 'event-id': 'Web Attack', srcPort: '52311', usrName: '' });
    expect(records[3]?.extra).toMatchObject({ cat: 'TRAFFIC', usrName: 'corp\\alice' });
  });

  it("keeps ESXi's level as the severity: a word in 7.0, the PRI in parentheses in 8.0", async () => {
    const { records } = await collectImport(
      parseImport(exampleInput('syslog', 'esxi-hostd'), { format: 'syslog', timeZone: 'UTC' }),
    );
    expect(records.map((record) => [record.extra['severity'], record.extra['priority']])).toEqual([
      ['info', 14],
      ['warning', 12],
      ['err', 163],
    ]);
  });

  it("keeps a carried klog line's level and source in extra (kubelet through journald)", async () => {
    const { records } = await collectImport(
      parseImport(exampleInput('syslog', 'klog-through-journald'), { format: 'syslog', timeZone: 'UTC', year: 2024 }),
    );
    expect(records.map((record) => [record.extra['severity'], record.extra['source']])).toEqual([
      ['info', 'kubelet_node_status.go:72'],
      ['err', 'kubelet.go:2909'],
      ['info', 'kubelet_node_status.go:75'],
    ]);
  });

  it("reads a CMTrace entry's type as its level, a message over several lines whole", async () => {
    const { records } = await importDetected(exampleInput('syslog', 'cmtrace-sccm'), 'AppEnforce.log');
    expect(records.map((record) => record.extra['level'] ?? '')).toEqual([
      'info',
      'info',
      '',
      'info',
      'info',
      'info',
      'error',
      'warning',
    ]);
    expect(records[2]?.message).toMatch(
      /^Event object details:\ninstance of CCM_InstanceEvent\n\{\n[^]*Thingamabob\)$/,
    );
  });

  it('gives a SetupAPI section its end and keeps its warnings', async () => {
    const { records } = await importDetected(exampleInput('syslog', 'setupapi-dev'), 'setupapi.dev.log');
    const failed = records.at(-1);
    expect(isoOfMicros(failed?.endMicros ?? 0)).toBe('2016-10-05T11:38:04.247Z');
    expect(failed?.extra).toEqual({
      exitStatus: 'FAILURE(0x800b0109)',
      flagged: ['warning: sig: Verifying file against specific (valid) catalog failed! (0x800b0109)'],
    });
  });

  it('keeps the Apple System Log level of a macOS line as its severity', async () => {
    const settings = { format: 'syslog', timeZone: 'UTC', year: 2013 } as const;
    const { records } = await collectImport(parseImport(exampleInput('syslog', 'macos-appfirewall'), settings));
    expect(records.slice(0, 2).map((record) => record.extra['severity'])).toEqual(['err', 'info']);
  });
});
