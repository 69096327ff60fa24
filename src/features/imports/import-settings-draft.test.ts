import { describe, expect, it } from 'vitest';
import { detectFormat } from '../../../domain/import/detect-format.ts';
import { initialMapping, settingsOf } from './import-settings-draft.ts';

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
