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
});
