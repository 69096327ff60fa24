import { describe, expect, it } from 'vitest';
import { detectFormat } from '../../../domain/import/detect-format.ts';
import { canMapFields, fieldSettingsOf, initialFieldMapping, initialMapping, mapsFields, settingsOf } from './import-settings-draft.ts';

const encode = (text: string) => new TextEncoder().encode(text);

describe('settingsOf', () => {
  const detection = detectFormat(encode('when\twho\twhat\n2024-01-02T03:04:05Z\tada\thello\n'), 'log.tsv');

  it('uses the detected mapping and the chosen zone for a delimited file', () => {
    const settings = settingsOf(detection, initialMapping(detection), 'Europe/Helsinki');
    expect(settings).toMatchObject({ format: 'delimited', delimiter: '\t', mapping: { startTime: 0 }, timeZone: 'Europe/Helsinki' });
  });

  it('leaves out unmapped roles and needs a start time', () => {
    expect(settingsOf(detection, { actor: 1 }, 'UTC')).toBeUndefined();
    const settings = settingsOf(detection, { startTime: 0, message: 2 }, 'UTC');
    expect(settings?.format === 'delimited' && settings.mapping).toEqual({ startTime: 0, message: 2 });
  });

  it('takes formats without a mapping as detected', () => {
    const har = detectFormat(encode('{"log": {"entries": []}}'), 'a.har');
    expect(settingsOf(har, {}, 'UTC')).toEqual({ format: 'har' });
    expect(settingsOf(detectFormat(encode(''), 'x.log'), {}, 'UTC')).toBeUndefined();
  });
});

describe('JSON Lines field mapping', () => {
  const jsonl = detectFormat(encode('{"time": "2024-01-02 03:04:05", "who": {"name": "ada"}, "text": "hi"}\n'), 'app.jsonl');
  const timesketch = detectFormat(encode('{"message": "m", "datetime": "2015-07-24T19:01:01+00:00", "timestamp_desc": "Write time"}\n'), 't.jsonl');

  it('maps plain JSON Lines always, Timesketch JSON Lines only when read as plain', () => {
    expect(mapsFields(jsonl, 'detected')).toBe(true);
    expect(mapsFields(timesketch, 'detected')).toBe(false);
    expect(mapsFields(timesketch, 'jsonl-fields')).toBe(true);
    expect(canMapFields(timesketch)).toBe(true);
    expect(canMapFields(detectFormat(encode('a\tb\n1\t2\n'), 'x.tsv'))).toBe(false);
  });

  it('starts from the detected field mapping', () => {
    expect(initialFieldMapping(jsonl)).toMatchObject({ startTime: 'time', message: 'text' });
    expect(initialFieldMapping(timesketch)).toEqual({});
  });

  it('needs a start time field and leaves out unmapped roles', () => {
    expect(fieldSettingsOf({ actor: 'who.name' }, 'seconds', 'UTC')).toBeUndefined();
    expect(fieldSettingsOf({ startTime: 'datetime', actor: '', message: 'message' }, 'microseconds', 'Europe/Helsinki')).toEqual({
      format: 'jsonl',
      fields: { startTime: 'datetime', message: 'message' },
      numericUnit: 'microseconds',
      timeZone: 'Europe/Helsinki',
    });
  });
});
