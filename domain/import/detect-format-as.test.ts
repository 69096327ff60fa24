import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '../../tests/support/fixtures-dir.ts';
import { detectFormatAs } from './detect-format-as.ts';

const fixture = (path: string) => new Uint8Array(readFileSync(join(FIXTURES_DIR, path)));

describe('detectFormatAs', () => {
  it('is detection itself when the analyst names no family or the detected one', () => {
    expect(detectFormatAs(fixture('field/syslog/rfc5424_rsyslog_protocol23.log'), 'x.log', undefined).format).toBe(
      'syslog',
    );
    expect(detectFormatAs(fixture('field/syslog/rfc5424_rsyslog_protocol23.log'), 'x.log', 'syslog').format).toBe(
      'syslog',
    );
  });

  it('reads Timesketch JSON Lines as plain records whose fields the analyst maps', () => {
    const detection = detectFormatAs(fixture('events/timesketch_sigma_events.jsonl'), 't.jsonl', 'jsonl');
    expect(detection.format).toBe('jsonl');
    expect(detection.format === 'jsonl' && detection.fields).toContain('timestamp_desc');
    expect(detection.reason).toMatch(/^Read as JSON as you chose/);
  });

  it('gives a family the file does not look like its plain settings, and says what it was detected as', () => {
    const detection = detectFormatAs(fixture('events/m365_defender_activity_log.csv'), 'm.csv', 'syslog');
    expect(detection).toMatchObject({ format: 'syslog', settings: { format: 'syslog', timeZone: 'UTC' } });
    expect(detection.reason).toContain('it was detected as Delimited text');
  });

  it('says why a file cannot be read as delimited text when nothing splits it', () => {
    const detection = detectFormatAs(new TextEncoder().encode('{"a":1}\n'), 'a.json', 'delimited');
    expect(detection.format === undefined || detection.format === 'delimited').toBe(true);
    expect(detection.reason).toMatch(/^Read as Delimited text as you chose/);
  });
});
