/*
 * journalctl's export format: the examples, the fields kept beside a skipped binary one, an entry
 * without a time, and an entry that never ends.
 */
import { describe, expect, it } from 'vitest';
import { itReadsEachExample } from '../../tests/support/example-cases.ts';
import { importDetected } from '../../tests/support/import-detected.ts';

describe('journalctl export format', () => {
  itReadsEachExample('journal-export');

  it('keeps the fields after a binary one and names it, with the severity of PRIORITY', async () => {
    const text = [
      '__REALTIME_TIMESTAMP=1709640001654321',
      'PRIORITY=3',
      'MESSAGE',
      '\u0016panic: boom',
      '\tmain.go:12',
      '_PID=77',
      '',
    ].join('\n');
    const { records, settings } = await importDetected(text, 'x.export');
    expect(settings).toMatchObject({ format: 'syslog', layout: 'journal-export' });
    expect(records[0]?.extra).toEqual({ PRIORITY: '3', _PID: '77', severity: 'err', 'binary fields': 'MESSAGE' });
  });

  it('steps over a length-prefixed value past 1 MiB by its length, and keeps the entry', async () => {
    const size = (1 << 20) + 5;
    const length = new Uint8Array(8);
    new DataView(length.buffer).setUint32(0, size, true);
    const encoder = new TextEncoder();
    const bytes = concat([
      encoder.encode('__REALTIME_TIMESTAMP=1709640000000000\nMESSAGE=dumped\nCOREDUMP\n'),
      length,
      new Uint8Array(size).fill(0x0a),
      encoder.encode('\n_PID=9\n\n__REALTIME_TIMESTAMP=1709640000000001\nMESSAGE=next\n'),
    ]);
    const { records, invalid } = await importDetected(bytes, 'x.export');
    expect(invalid).toEqual([]);
    expect(records.map((record) => [record.message, record.extra['COREDUMP'], record.extra['_PID']])).toEqual([
      ['dumped', '(1048581 bytes, over 1 MiB)', '9'],
      ['next', undefined, undefined],
    ]);
  });

  it('steps over a line far past 1 MiB with a reason, and reads the entries around it', async () => {
    const text = [
      '__REALTIME_TIMESTAMP=1709640000000000',
      'MESSAGE=before',
      '',
      `X${'y'.repeat(3_500_000)}`,
      '',
      '__REALTIME_TIMESTAMP=1709640000000001',
      'MESSAGE=after',
      '',
    ].join('\n');
    const { records, invalid } = await importDetected(text, 'x.export');
    expect(records.map((record) => record.message)).toEqual(['before', 'after']);
    expect(invalid).toEqual([{ line: 4, reason: 'line 4: the line runs over 1 MiB' }]);
  });

  it('lists an entry without a time and a runaway entry, and reads the others', async () => {
    const text = [
      'MESSAGE=no time here',
      '_HOSTNAME=a',
      '',
      '__REALTIME_TIMESTAMP=1709640000000000',
      'MESSAGE=kept',
      '',
      '__REALTIME_TIMESTAMP=1709640000000001',
      ...Array.from({ length: 20_000 }, (_, index) => `F${index}=${'v'.repeat(60)}`),
      '',
    ].join('\n');
    const { records, invalid } = await importDetected(`__REALTIME_TIMESTAMP=1\nMESSAGE=first\n\n${text}`, 'x.export');
    expect(records.map((record) => record.message)).toEqual(['first', 'kept']);
    expect(invalid[0]).toEqual({ line: 4, reason: 'line 4: the entry has no __REALTIME_TIMESTAMP, so it has no time' });
    expect(invalid[1]).toEqual({ line: 10, reason: 'line 10: the entry runs over 1 MiB without a blank line' });
  });
});

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const joined = new Uint8Array(parts.reduce((total, part) => total + part.length, 0));
  let at = 0;
  for (const part of parts) {
    joined.set(part, at);
    at += part.length;
  }
  return joined;
}
