/*
 * MySQL's general and slow query logs, written after the server's documented formats (5.6 to 8.0):
 * the example cases, what detection says, the extra an analyst filters on, and hostile lines.
 */
import { describe, expect, it } from 'vitest';
import { exampleInput, itReadsEachExample } from '../../tests/support/example-cases.ts';
import { importDetected } from '../../tests/support/import-detected.ts';
import { collectImport } from './collect-import.ts';
import { parseImport } from './parse-import.ts';

describe('MySQL general and slow query logs', () => {
  itReadsEachExample('mysql-log');

  it('says which log it is and how its times read', async () => {
    const general = await importDetected(exampleInput('mysql-log', 'mysql56-general'), 'mysql.log');
    expect(general.detection.reason).toMatch(/^MySQL general query log: 6 of 9 lines are rows/);
    const slow = await importDetected(exampleInput('mysql-log', 'mysql80-slow'), 'mysql-slow.log');
    expect(slow.detection.reason).toMatch(/^MySQL slow query log: /);
    expect(slow.records[1]?.extra).toMatchObject({
      client: '10.0.0.20',
      connection: '31',
      query_time: 12.5,
      rows_examined: 9_000_000,
    });
    expect(slow.records[0]?.extra).toMatchObject({ database: 'app' });
  });

  it('reads a general log cut from the middle (no preamble) and reports a row before any time', async () => {
    const text = ['\t\t   12 Query\tSELECT 1', '240305 12:00:00\t   12 Query\tSELECT 2', '\t\t   12 Quit\t'].join('\n');
    const { records, invalid } = await importDetected(text, 'general.log');
    expect(records.map((record) => [record.line, record.actor, record.message])).toEqual([
      [2, 'connection 12', 'SELECT 2'],
      [3, 'connection 12', 'Quit'],
    ]);
    expect(invalid).toEqual([
      { line: 1, reason: 'line 1: no time for this entry (no "# Time:" or row time before it)' },
    ]);
  });

  it('reads hostile lines in linear time', async () => {
    const lines = [
      `x${', Version: '.repeat(90_000)}`,
      `# User@Host: ${'['.repeat(500_000)}`,
      `\t 1 ${'Aa '.repeat(300_000)}`,
      `2024-03-05T12:00:00Z\t 1 Query\t${'a\t'.repeat(300_000)}`,
    ];
    const started = performance.now();
    const { records, invalid } = await collectImport(
      parseImport(new TextEncoder().encode(lines.join('\n')), { format: 'syslog', timeZone: 'UTC', layout: 'mysql' }),
    );
    expect(performance.now() - started).toBeLessThan(2000);
    expect(invalid).toHaveLength(3);
    expect(records).toHaveLength(1);
  });
});
