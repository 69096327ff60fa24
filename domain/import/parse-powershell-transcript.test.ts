/*
 * PowerShell transcripts (Start-Transcript, transcription by policy; the cases are in examples/syslog): what detection
 * says, the output an analyst reads in extra, local times in the chosen zone, and hostile input.
 */
import { describe, expect, it } from 'vitest';
import { exampleInput } from '../../tests/support/example-cases.ts';
import { importDetected } from '../../tests/support/import-detected.ts';

const HEADER = [
  '**********************',
  'Windows PowerShell transcript start',
  'Start time: 20241106091402',
  'Username: CORP\\alice',
  'Machine: WS01 (Microsoft Windows NT 10.0.19045.0)',
  '**********************',
].join('\n');

describe('PowerShell transcripts', () => {
  it('says whether commands carry their own times, and keeps each command’s output and location', async () => {
    const timed = await importDetected(
      exampleInput('syslog', 'powershell-transcript-invocation-headers'),
      'PowerShell_transcript.WS01.a1b2c3d4.20241106091402.txt',
    );
    expect(timed.detection.reason).toMatch(/^PowerShell transcript: .*2 "Command start time:" lines time the commands/);
    expect(timed.records[1]?.extra).toEqual({
      location: 'C:\\Users\\alice',
      output:
        'Name               Enabled Description\n----               ------- -----------\nAdministrator      False   Built-in account\nalice              True',
    });
    const untimed = await importDetected(exampleInput('syslog', 'powershell-transcript-appended'), 'transcript.txt');
    expect(untimed.detection.reason).toContain(
      "no command has its own start time (invocation headers off), so each takes the session's start",
    );
    expect(untimed.records[0]?.extra).toMatchObject({
      'RunAs User': 'CORP\\Administrator',
      'output file': 'C:\\Transcripts\\20241106\\PowerShell_transcript.SRV02.Xb3kq9Lm.20241106101500.txt',
    });
  });

  it('reads the times as the machine’s local time in the chosen zone', async () => {
    const { records } = await importDetected(`${HEADER}\nPS C:\\> hostname\nWS01\n`, 'transcript.txt', 'Europe/Berlin');
    expect(records.map((record) => new Date(record.startMicros / 1000).toISOString())).toEqual([
      '2024-11-06T08:14:02.000Z',
      '2024-11-06T08:14:02.000Z',
    ]);
  });

  it('bounds a command’s output at 1 MiB and stays linear on many prompts and a megabyte line', async () => {
    const big = `${HEADER}\nPS C:\\> type big.txt\n${'x'.repeat(1 << 20)}\nafter\n${'PS C:\\> dir\n'.repeat(50_000)}${'*'.repeat(1 << 20)}x\n`;
    const started = performance.now();
    const { records, invalid } = await importDetected(big, 'transcript.txt');
    expect(performance.now() - started).toBeLessThan(30_000);
    expect(records).toHaveLength(2 + 50_000);
    expect(invalid[0]?.reason).toBe(
      'line 8: the output of the command on line 7 is already 1 MiB long: the line is left out',
    );
  });
});
