/*
 * Cisco firewalls and routers send syslog tagged "%FACILITY-SEVERITY-MNEMONIC" (Cisco's documented
 * message format): one actor per device and facility, not one per message kind. Lines written after
 * the ASA message guide; the year given, so the instants are fixed.
 */
import { describe, expect, it } from 'vitest';
import { collectImport } from './collect-import.ts';
import { parseImport } from './parse-import.ts';

const LOG = [
  'Jan  2 07:41:03 fw01 %ASA-6-302013: Built inbound TCP connection 123 for outside:10.0.0.5/51515 (10.0.0.5/51515) to inside:192.168.1.10/443 (192.168.1.10/443)',
  'Jan  2 07:41:04 fw01 %ASA-4-106023: Deny tcp src outside:10.0.0.6/4444 dst inside:192.168.1.10/22 by access-group "outside_in"',
  'Jan  2 07:41:09 core-sw1 %LINK-3-UPDOWN: Interface GigabitEthernet0/1, changed state to down',
].join('\n');

describe('Cisco syslog tags', () => {
  it('the device and facility are the actor; severity and mnemonic kept', async () => {
    const { records } = await collectImport(
      parseImport(new TextEncoder().encode(LOG), { format: 'syslog', timeZone: 'UTC', year: 2024 }),
    );
    expect(records.map((r) => r.actor)).toEqual(['fw01 %ASA', 'fw01 %ASA', 'core-sw1 %LINK']);
    expect(records.map((r) => [r.extra['severity'], r.extra['mnemonic']])).toEqual([
      [6, '302013'],
      [4, '106023'],
      [3, 'UPDOWN'],
    ]);
    expect(new Date(records[1]!.startMicros / 1000).toISOString()).toBe('2024-01-02T07:41:04.000Z');
    expect(records[1]?.message).toBe(
      'Deny tcp src outside:10.0.0.6/4444 dst inside:192.168.1.10/22 by access-group "outside_in"',
    );
  });
});

// `show logging` on IOS with `service sequence-numbers` and `service timestamps log datetime msec
// show-timezone`: "*" marks a clock never synchronised, "." one that lost its synchronisation.
const IOS_BUFFER = [
  '000123: *Mar  1 00:01:23.456 UTC: %LINK-3-UPDOWN: Interface GigabitEthernet0/1, changed state to up',
  '000124: .Mar  1 00:01:24.001 UTC: %LINEPROTO-5-UPDOWN: Line protocol on Interface GigabitEthernet0/1, changed state to up',
  '000125: Mar  1 00:02:00.000 CET: %SYS-5-CONFIG_I: Configured from console by admin on vty0 (10.0.0.9)',
].join('\n');

describe("Cisco IOS's logging buffer", () => {
  it('reads sequence numbers, clock marks and the zone: UTC, or CET as +01:00 whatever zone is chosen', async () => {
    const { records, invalid } = await collectImport(
      parseImport(new TextEncoder().encode(IOS_BUFFER), { format: 'syslog', timeZone: 'America/New_York', year: 2024 }),
    );
    expect(invalid).toEqual([]);
    expect(records.map((r) => new Date(r.startMicros / 1000).toISOString())).toEqual([
      '2024-03-01T00:01:23.456Z',
      '2024-03-01T00:01:24.001Z',
      '2024-02-29T23:02:00.000Z',
    ]);
    expect(records.map((r) => [r.extra['severity'], r.extra['mnemonic']])).toEqual([
      [3, 'UPDOWN'],
      [5, 'UPDOWN'],
      [5, 'CONFIG_I'],
    ]);
    expect(records[2]?.message).toBe('Configured from console by admin on vty0 (10.0.0.9)');
  });
});
