import { describe, expect, it } from 'vitest';
import { detectFormat } from '../../../domain/import/detect-format.ts';
import {
  completeSettings,
  initialDraft,
  withColumn,
  withField,
  withTimeZone,
  type SettingsDraft,
} from './import-settings-draft.ts';

const encode = (text: string) => new TextEncoder().encode(text);

describe('the delimited draft', () => {
  const detection = detectFormat(
    encode('when\twho\twhat\n2024-01-02T03:04:05Z\tada\thello\n2024-01-02T03:04:06Z\tbob\tbye\n'),
    'log.tsv',
  );

  it('starts from the detection, with the chosen zone', () => {
    const draft = initialDraft(detection, 'Europe/Helsinki');
    expect(draft).toMatchObject({
      format: 'delimited',
      delimiter: '\t',
      headerRows: 1,
      mapping: { startTime: 0 },
      timeZone: 'Europe/Helsinki',
    });
  });

  it('needs a start time column, and leaves out roles cleared', () => {
    const draft = initialDraft(detection, 'UTC');
    if (draft?.format !== 'delimited') throw new Error('expected a delimited draft');
    expect(completeSettings({ ...draft, mapping: withColumn(draft.mapping, 'startTime', undefined) })).toBeUndefined();
    const mapping = withColumn(withColumn({ startTime: 0, actor: 1 }, 'actor', undefined), 'startClock', 2);
    const settings = completeSettings({ ...draft, mapping });
    expect(settings?.format === 'delimited' && settings.mapping).toEqual({ startTime: 0, startClock: 2 });
  });

  it("keeps the zone a file states (IIS W3C logs are UTC) over the analyst's", () => {
    const w3c = detectFormat(
      encode(
        '#Software: Microsoft Internet Information Services 10.0\n#Version: 1.0\n#Date: 2024-01-02 03:04:05\n' +
          '#Fields: date time s-ip cs-method cs-uri-stem sc-status\n' +
          '2024-01-02 03:04:05 10.0.0.1 GET /index.html 200\n2024-01-02 03:04:06 10.0.0.1 GET /a.css 200\n',
      ),
      'u_ex240102.log',
    );
    expect(initialDraft(w3c, 'Europe/Helsinki')).toMatchObject({ format: 'delimited', timeZone: 'UTC' });
  });

  it('sets the zone in drafts that read zone-less times only', () => {
    const draft = initialDraft(detection, 'UTC') as SettingsDraft;
    expect(withTimeZone(draft, 'Asia/Tokyo')).toMatchObject({ timeZone: 'Asia/Tokyo' });
    expect(withTimeZone({ format: 'slack-zip' }, 'Asia/Tokyo')).toEqual({ format: 'slack-zip' });
  });
});

describe('the JSON draft', () => {
  const jsonl = detectFormat(
    encode(
      '{"time": "2024-01-02 03:04:05", "who": {"name": "ada"}, "text": "hi"}\n{"time": "2024-01-02 03:04:06", "who": {"name": "bob"}, "text": "bye"}\n',
    ),
    'app.jsonl',
  );

  it('starts from the fields detection chose', () => {
    expect(initialDraft(jsonl, 'UTC')).toMatchObject({ format: 'jsonl', fields: { startTime: 'time' } });
  });

  it('needs a start time field and leaves out fields cleared', () => {
    const draft = initialDraft(jsonl, 'UTC');
    if (draft?.format !== 'jsonl') throw new Error('expected a JSON draft');
    expect(completeSettings({ ...draft, fields: withField(draft.fields, 'startTime', '') })).toBeUndefined();
    const settings = completeSettings({
      ...draft,
      fields: withField(withField({ startTime: 'time' }, 'actor', 'who.name'), 'message', ''),
    });
    expect(settings?.format === 'jsonl' && settings.fields).toEqual({ startTime: 'time', actor: 'who.name' });
  });
});

describe('other families', () => {
  it('take the detection settings as they are, and an unreadable file has no draft', () => {
    expect(
      completeSettings(
        initialDraft(detectFormat(encode('{"log": {"version": "1.2", "entries": []}}'), 'a.har'), 'UTC'),
      ),
    ).toMatchObject({ format: 'har' });
    expect(initialDraft(detectFormat(encode(''), 'x.log'), 'UTC')).toBeUndefined();
  });
});
