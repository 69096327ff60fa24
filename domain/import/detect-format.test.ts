import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DETECT_BYTES, detectFormat, type FormatDetection } from './detect-format.ts';
import { settingsFromDetection } from './import-settings.ts';
import { FIXTURES_DIR } from '../../tests/support/fixtures-dir.ts';

const FIXTURES = FIXTURES_DIR;
const head = (path: string) => new Uint8Array(readFileSync(join(FIXTURES, path))).subarray(0, DETECT_BYTES);
const detect = (path: string) => detectFormat(head(path), path.split('/').at(-1) ?? path);
const detectText = (text: string, name = 'upload.txt') => detectFormat(new TextEncoder().encode(text), name);

function delimited(detection: FormatDetection) {
  if (detection.format !== 'delimited' && detection.format !== 'timesketch-csv')
    throw new Error(`not delimited: ${detection.reason}`);
  return detection;
}

describe('detectFormat on the fixtures', () => {
  it.each([
    ['har/firefox111_mitmproxy.har', 'har'],
    ['har/safari_webkit_mitmproxy.har', 'har'],
    ['har/chrome_webinspector_mitmproxy.har', 'har'],
    ['har/mitmproxy_websocket.har', 'har'],
    ['har/ie11_fiddler_bom.har', 'har'],
    ['har/fiddler_cnn_nopages_bom.har', 'har'],
    ['har/firebug_multiple_pages.har', 'har'],
    ['events/timesketch_evtx_part.csv', 'timesketch-csv'],
    ['events/timesketch_sigma_events.jsonl', 'timesketch-jsonl'],
    ['events/m365_defender_activity_log.csv', 'delimited'],
    ['events/zeek_notice_wrccdc2018.log', 'delimited'],
    ['events/zeek_syslog_wrccdc2018.log', 'delimited'],
    ['geo/fr24_JAL516_2024-01-02.csv', 'delimited'],
    ['geo/airdata_dji_air2s_2021-09-05.csv', 'delimited'],
    ['slack/slack_export_testarchive.zip', 'slack-zip'],
    ['events/xchat_irc_transcript.log', 'irc'],
  ])('%s is %s', (path, format) => {
    expect(detect(path).format).toBe(format);
  });

  it.each([['geo/airdata_dji_air2s_2021-09-05.gpx', 'A GPX track: map data (geo time series), not an event import']])(
    '%s is no import format, and says why',
    (path, reason) => {
      expect(detect(path)).toEqual({ format: undefined, reason });
    },
  );

  it('reads a Zeek header: tab, 8 preamble lines, names from #fields, no quoting, "-" and "(empty)" as null, epoch seconds', () => {
    const detection = delimited(detect('events/zeek_notice_wrccdc2018.log'));
    expect(detection.layout).toMatchObject({
      delimiter: '\t',
      quoted: false,
      preambleRows: 8,
      headerRows: 0,
      commentPrefix: '#',
      nullValues: ['-', '(empty)'],
    });
    expect(detection.columns.slice(0, 3)).toEqual(['ts', 'uid', 'id.orig_h']);
    expect(detection.mapping).toEqual({ startTime: 0, actor: 2, message: 11 });
    expect(detection.numericUnit).toBe('seconds');
    expect(detection.sampleRows[0]?.[0]).toBe('1521911720.629574');
  });

  it('suggests mappings from header names', () => {
    expect(delimited(detect('events/m365_defender_activity_log.csv'))).toMatchObject({
      layout: { delimiter: ',', quoted: true, preambleRows: 0, headerRows: 1 },
      mapping: { startTime: 8, actor: 3, message: 2 },
      numericUnit: 'auto',
    });
    expect(delimited(detect('geo/fr24_JAL516_2024-01-02.csv'))).toMatchObject({
      mapping: { startTime: 0, actor: 2 },
      numericUnit: 'seconds',
    });
    expect(delimited(detect('geo/airdata_dji_air2s_2021-09-05.csv')).mapping).toMatchObject({
      startTime: 1,
      message: 45,
    });
  });

  it('turns a complete detection into settings, and leaves an incomplete one to the analyst', () => {
    expect(settingsFromDetection(detect('events/zeek_syslog_wrccdc2018.log'), 'UTC')).toMatchObject({
      format: 'delimited',
      mapping: { startTime: 0, actor: 2, message: 9 },
      timeZone: 'UTC',
    });
    expect(settingsFromDetection(detect('har/firefox111_mitmproxy.har'), 'UTC')).toEqual({ format: 'har' });
    expect(settingsFromDetection(detectText('a,b\nx,y\n'), 'UTC')).toBeUndefined();
    expect(settingsFromDetection(detect('events/xchat_irc_transcript.log'), 'Europe/Rome')).toEqual({
      format: 'irc',
      timeZone: 'Europe/Rome',
    });
  });
});

describe('detectFormat on small inputs', () => {
  it('finds preamble rows, the header and a date column by its values', () => {
    const detection = delimited(
      detectText(
        'Export of the flight log\nid\twhen\twhat\n1\t2024-01-01 00:00:00\tboot\n2\tJan 01 2024 00:00:01\tclimb\n',
      ),
    );
    expect(detection.layout).toMatchObject({ delimiter: '\t', preambleRows: 1, headerRows: 1 });
    expect(detection.columns).toEqual(['id', 'when', 'what']);
    expect(detection.mapping).toEqual({ startTime: 1, message: 2 });
  });

  it('counts blank lines inside the preamble', () => {
    const detection = delimited(
      detectText('Title\n\nSubtitle\ntime,actor,message\n2024-01-01 00:00:00,a,m\n2024-01-01 00:00:01,b,n\n'),
    );
    expect(detection.layout).toMatchObject({ delimiter: ',', preambleRows: 3, headerRows: 1 });
    expect(detection.columns).toEqual(['time', 'actor', 'message']);
  });

  it('sees a file without a header', () => {
    const detection = delimited(detectText('2024-01-01 00:00:00,alice,boot\n2024-01-01 00:00:01,bob,climb\n'));
    expect(detection.layout.headerRows).toBe(0);
    expect(detection.columns).toEqual(['column 1', 'column 2', 'column 3']);
    expect(detection.mapping.startTime).toBe(0);
  });

  it('prefers the delimiter that splits every row alike', () => {
    expect(delimited(detectText('time\tmessage\n1\thello, world, again\n2\tfine, thanks\n')).layout.delimiter).toBe(
      '\t',
    );
    expect(delimited(detectText('time,message\n1,"tab\there"\n2,plain\n')).layout.delimiter).toBe(',');
  });

  it('reads JSON Lines and chooses fields from the values of every line', () => {
    expect(
      detectText('{"@timestamp": 1700000000.5, "user": {"name": "ana"}, "msg": "hi"}\n{"@timestamp": 1}\n'),
    ).toMatchObject({
      format: 'jsonl',
      reason: expect.stringMatching(
        /^JSON Lines: 2 of 2 sampled lines are objects; start time "@timestamp" \(named like a time\): epoch seconds in 1 of 1 records.*; 1 sampled record without any time \(an export's header or summary lines\) left out of these choices$/,
      ) as unknown,
      fields: ['@timestamp', 'user.name', 'msg'],
      mapping: { startTime: '@timestamp', actor: 'user.name', message: 'msg' },
      numericUnit: 'seconds',
    });
  });

  it.each([
    ['[{"type": "message"}]', /^A JSON array of records \(1 sampled\); no field reads as a date and time/],
    ['{\n  "not": "har"\n}\n', /^One JSON object, read as one record; no field reads as a date and time/],
  ])('leaves JSON records without a time field to the analyst: %j', (text, reason) => {
    const detection = detectText(text);
    expect(detection).toMatchObject({
      format: 'jsonl',
      reason: expect.stringMatching(reason) as unknown,
      settings: undefined,
    });
    expect(settingsFromDetection(detection, 'UTC')).toBeUndefined();
  });

  it.each([
    ['', 'The file is empty'],
    ['\u0000\u0001binary', 'A binary file: the importers read text, HAR and Slack zips'],
    [
      '\u0000\u0001\u0002\u0003\n\u0000\u0004\u0005\u0006\n\u0000PK\u0007\u0008',
      'A binary file: the importers read text, HAR and Slack zips',
    ],
    ['[1, 2, 3]', 'A JSON array whose first elements are not objects: no records to import'],
    [
      '[    0.000000] Linux version 6.1.0-18-amd64\n[   12.345678] EXT4-fs (sda1): mounted\n',
      'Kernel messages (dmesg) timed in seconds since boot, which no clock places: export them with their times (dmesg -T, journalctl -k or /var/log/kern.log) and import that',
    ],
    [
      '<html><body>hi</body></html>',
      'An XML or HTML file: no event importer reads it (events come from text logs, CSV or TSV, JSON, HAR and chat exports; GPX, KML and TCX tracks become maps)',
    ],
    [
      'just some prose\nwithout any columns\n',
      'Not a delimited file: no delimiter splits its first lines into the same number of columns',
    ],
    [
      '#separator ;\n#fields;ts\n',
      'Not a delimited file: a Zeek log separated by ;: only tab-separated Zeek logs are read',
    ],
  ])('gives a reason for %j', (text, reason) => {
    expect(detectText(text)).toEqual({ format: undefined, reason });
  });
});
