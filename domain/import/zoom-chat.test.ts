/*
 * Zoom's saved meeting chat, read by the chat importer with no settings: the 2021-on layout (the text
 * on indented lines after "From … to …:") and the older one-line layout, times of day on the start
 * date (by default the day of the incident's first event), past midnight onto the next day.
 */
import { timeActorMessage } from './time-actor-message.ts';
import { describe, expect, it } from 'vitest';
import { collectImport } from './collect-import.ts';
import { detectFormat } from './detect-format.ts';
import { settingsFromDetection, withDefaultRecordingStart } from './import-settings.ts';
import { parseImport } from './parse-import.ts';

const bytes = (text: string) => new TextEncoder().encode(text);
const iso = (micros: number) => new Date(micros / 1000).toISOString();

async function importChat(text: string, firstEventMicros?: number) {
  const detection = detectFormat(bytes(text), 'meeting_saved_chat.txt');
  const detected = settingsFromDetection(detection, 'UTC');
  if (detected === undefined) throw new Error(detection.reason);
  const settings = withDefaultRecordingStart(detected, firstEventMicros);
  return { detection, settings, ...(await collectImport(parseImport(bytes(text), settings))) };
}

const NEW_LAYOUT = `23:58:15 From  Ana Silva  to  Everyone:
\tGood evening everyone
23:59:40 From  Ben Ode  to  Ana Silva(Direct Message):
\tCan you share the dashboard?
\tThe one with the latency graph
00:01:02 From  Ana Silva  to  Everyone:
\tThe outage started at 23:40
`;

describe('Zoom meeting chat', () => {
  it('the 2021 layout: sender, recipient and the text of the indented lines; midnight rolls onto the next day', async () => {
    const run = await importChat(NEW_LAYOUT, Date.UTC(2024, 4, 6, 22, 0) * 1000);
    expect(run.detection.reason).toMatch(/^Zoom meeting chat: 3 of 3 lines/);
    expect(run.settings).toMatchObject({ format: 'irc', startDate: '2024-05-06' });
    expect(run.invalid).toEqual([]);
    expect(
      run.records.map((record) => [iso(record.startMicros), record.actor, record.message, record.extra['to']]),
    ).toEqual([
      ['2024-05-06T23:58:15.000Z', 'Ana Silva', 'Good evening everyone', 'Everyone'],
      [
        '2024-05-06T23:59:40.000Z',
        'Ben Ode',
        'Can you share the dashboard?\nThe one with the latency graph',
        'Ana Silva(Direct Message)',
      ],
      ['2024-05-07T00:01:02.000Z', 'Ana Silva', 'The outage started at 23:40', 'Everyone'],
    ]);
  });

  it('the older one-line layout', async () => {
    const run = await importChat(
      '10:01:12\t From  Ana Silva : Good morning\n10:02:40\t From  Ben Ode : Share the dashboard?\n',
      Date.UTC(2024, 0, 2) * 1000,
    );
    expect(timeActorMessage(run.records)).toEqual([
      ['2024-01-02T10:01:12.000Z', 'Ana Silva', 'Good morning'],
      ['2024-01-02T10:02:40.000Z', 'Ben Ode', 'Share the dashboard?'],
    ]);
  });

  it('with no date anywhere (an empty incident, no start date), each message is refused with what to do, its text with it', async () => {
    const run = await importChat(NEW_LAYOUT).catch((error: Error) => ({ error }));
    const invalid = 'invalid' in run ? run.invalid : [];
    if ('error' in run) expect(run.error.message).toContain('set the start date');
    else expect(invalid.map((row) => row.line)).toEqual([1, 3, 6]);
    for (const row of invalid)
      expect(row.reason).toBe('Zoom chat times have no date: set the start date (the day of the meeting)');
  });
});
