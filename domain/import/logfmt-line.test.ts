/*
 * Key=value logs written after their producers' documented output: logrus's text formatter, Go's
 * log/slog TextHandler, and a FortiGate traffic log (sent with a syslog PRI). Instants worked out by
 * hand; a syslog line whose message is key=value pairs stays syslog.
 */
import { describe, expect, it } from 'vitest';
import { importDetected, isoOfMicros } from '../../tests/support/import-detected.ts';
import { exampleInput, itReadsEachExample } from '../../tests/support/example-cases.ts';
import { detectFormat } from './detect-format.ts';
import { readLogfmt } from './logfmt-line.ts';

async function read(text: string, fileName: string, zone = 'UTC') {
  const { detection, invalid, records } = await importDetected(text, fileName, zone);
  return {
    detection,
    invalid,
    rows: records.map((r) => ({ at: isoOfMicros(r.startMicros), actor: r.actor, message: r.message })),
  };
}

describe('key=value logs', () => {
  it('logrus: quoted values with escapes, msg as the message', async () => {
    const log = [
      'time="2024-01-02T07:41:03Z" level=info msg="A group of walrus emerges from the ocean" animal=walrus size=10',
      'time="2024-01-02T07:41:05Z" level=warning msg="The group\'s number increased \\"tremendously\\"!" number=122 omg=true',
      'time="2024-01-02T07:41:09Z" level=fatal msg="The ice breaks!" err="&{0x2082280c0 map[animal:orca size:9009] 2024-01-02 07:41:09 The ice breaks!}"',
    ].join('\n');
    const { detection, rows, invalid } = await read(log, 'app.log');
    expect(detection.reason).toMatch(/^Key=value lines \(logfmt\): 3 of 3/);
    expect(invalid).toEqual([]);
    expect(rows.map((row) => row.at)).toEqual([
      '2024-01-02T07:41:03.000Z',
      '2024-01-02T07:41:05.000Z',
      '2024-01-02T07:41:09.000Z',
    ]);
    expect(rows[1]?.message).toBe('The group\'s number increased "tremendously"!');
  });

  itReadsEachExample('logfmt');

  it('a separate date= and time= are joined; prose with a few equals signs is no record', () => {
    expect(readLogfmt('date=2024-01-02 time=07:41:03 devname=fw')?.['datetime']).toBe('2024-01-02 07:41:03');
    expect(readLogfmt('the value x=1 was set after y=2 and z=3')).toBeUndefined();
    expect(readLogfmt('a=1 b=2')).toBeUndefined();
  });

  it('a syslog line whose message is key=value pairs stays syslog', () => {
    const text =
      'Jan  2 07:41:03 fw1 filterlog: rule=5 action=block src=10.0.0.5 dst=10.0.0.1\nJan  2 07:41:04 fw1 filterlog: rule=5 action=pass src=10.0.0.6 dst=10.0.0.1\n';
    expect(detectFormat(new TextEncoder().encode(text), 'messages').format).toBe('syslog');
  });

  it("an audit event keeps its later records' fields under their type where the name is taken, and is cut at 256 records", async () => {
    const { records, detection } = await importDetected(exampleInput('logfmt', 'linux-audit-enriched'), 'audit.log');
    expect(detection.reason).toMatch(/^Linux audit log \(auditd\): \d+ of \d+ sampled lines are audit records/);
    expect(records[0]?.extra).toMatchObject({
      records: 'SYSCALL EXECVE CWD PATH PROCTITLE EOE',
      a0: 'sudo',
      a2: '/etc/shadow',
      cwd: '/home/alice',
      OUID: 'root',
      proctitle: 'sudo cat /etc/shadow',
      AUID: 'alice',
    });
    const many = Array.from(
      { length: 3000 },
      (_, index) => `type=PATH msg=audit(1709640000.123:456): item=${index} name="/tmp/f${index}" nametype=CREATE`,
    ).join('\n');
    const cut = await importDetected(many, 'audit.log');
    expect(cut.records.map((record) => record.line).slice(0, 3)).toEqual([1, 257, 513]);
    expect(cut.records).toHaveLength(Math.ceil(3000 / 256));
    expect(cut.records[0]?.extra).toMatchObject({
      item: '0',
      'PATH.item': '1',
      'PATH.item#3': '2',
      'PATH.name#256': '/tmp/f255',
    });
  });
});
