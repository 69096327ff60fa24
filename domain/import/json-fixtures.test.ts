/*
 * Every JSON and HAR fixture imported with no settings (detectFormat → settingsFromDetection →
 * parseImport). The expected counts, instants, actors and messages were read off the files by hand.
 */
import { describe, expect, it } from 'vitest';
import { importFixtureDetected, isoOfMicros as iso } from '../../tests/support/import-detected.ts';
import { recordSpan } from './record-span.ts';

async function importFixture(path: string, timeZone = 'Pacific/Auckland') {
  const { detection, settings, records, invalid, summary } = await importFixtureDetected(path, timeZone);
  const events = records.filter((record) => record.isMarker !== true);
  return {
    detection,
    settings,
    records,
    events,
    markers: records.filter((record) => record.isMarker === true),
    invalid,
    summary,
    ...recordSpan(events),
  };
}

describe('JSON fixtures, no settings given', () => {
  it('CloudTrail lookup-events JSON Lines: EventTime with +11:00, the CloudTrailEvent string read as an object', async () => {
    const run = await importFixture('field/json/aws_cloudtrail.jsonl');
    expect(run.detection.format).toBe('jsonl');
    expect(run.events).toHaveLength(6);
    expect(run.invalid).toEqual([]);
    // Newest first in the file: 09:23:37+11:00 on line 1 down to 09:19:04+11:00 on line 6.
    expect(run.earliest).toBe('2022-02-07T22:19:04.000Z');
    expect(run.latest).toBe('2022-02-07T22:23:37.000Z');
    expect(iso(run.events[0]?.startMicros ?? 0)).toBe('2022-02-07T22:23:37.000Z');
    // Line 4 (SharedSnapshotVolumeCreated) is a service event with no userIdentity.
    expect(run.actors).toEqual(['', 'arn:aws:iam::012345678901:user/fakeusername']);
    expect(run.events[0]).toMatchObject({ line: 1, message: 'DescribeInstances' });
    expect(run.events[3]).toMatchObject({ line: 4, message: 'SharedSnapshotVolumeCreated', actor: '' });
    expect(run.events[0]?.extra.CloudTrailEvent).toMatchObject({
      eventTime: '2022-02-07T22:23:37Z',
      awsRegion: 'ap-southeast-2',
    });
    expect(run.detection.reason).toMatch(/start time "EventTime"/);
  });

  it('Azure activity array: no time field but claims.xms_tcdt (epoch seconds), and says so', async () => {
    const run = await importFixture('field/json/azure_activity_array.json');
    expect(run.events).toHaveLength(1);
    // xms_tcdt "1231293743" = 2009-01-07 02:02:23 UTC (date -u -d @1231293743).
    expect(run.earliest).toBe('2009-01-07T02:02:23.000Z');
    expect(run.latest).toBe(run.earliest);
    expect(run.actors).toEqual(['test@email']);
    expect(run.events[0]).toMatchObject({ line: 2, message: 'List Storage Account Keys' });
    expect(run.detection.reason).toMatch(/"data\.claims\.xms_tcdt" \(no field is named like a time/);
  });

  it('CloudTrail Records document, pretty-printed', async () => {
    const run = await importFixture('field/json/cloudtrail_records_pretty.json');
    expect(run.settings).toMatchObject({ container: 'array', recordsPath: 'Records' });
    expect(run.events).toHaveLength(1);
    expect(run.earliest).toBe('2023-07-19T21:14:20.000Z');
    expect(run.actors).toEqual(['arn:aws:iam::777788889999:user/Nikki']);
    expect(run.events[0]).toMatchObject({ line: 1, message: 'StopInstances' });
    expect(run.events[0]?.extra.userIdentity).toMatchObject({
      sessionContext: { attributes: { creationDate: '2023-07-19T21:11:57Z' } },
    });
  });

  it('Docker json-file: 1 to 9 fraction digits, a first line without Z read as UTC like the others, escapes stripped', async () => {
    const run = await importFixture('field/json/docker_json_file_container.log');
    expect(run.settings).toMatchObject({
      timeZone: 'UTC',
      fields: { startTime: 'time', actor: 'stream', message: 'log' },
    });
    expect(run.events).toHaveLength(10);
    expect(run.earliest).toBe('2016-01-07T16:49:10.000Z');
    expect(run.events.map((record) => record.startMicros % 1_000_000)).toEqual([
      0, 200_000, 230_000, 237_000, 237_200, 237_220, 237_222, 237_222, 237_222, 237_222,
    ]);
    expect(run.actors).toEqual(['stdout']);
    expect(run.events[0]?.message).toBe('root@e7d0b7ea5ccf:/home/plaso# ls');
    expect(run.events[0]?.extra.log).toBe(
      '\u001b]0;root@e7d0b7ea5ccf: /home/plaso\u0007root@e7d0b7ea5ccf:/home/plaso# ls\r\n',
    );
  });

  it('journald export: epoch-µs strings, spaces around colons', async () => {
    const run = await importFixture('field/json/journald_export.json');
    expect(run.events).toHaveLength(2);
    // "__REALTIME_TIMESTAMP" : "1534860261221373" on both lines.
    expect(run.events.map((record) => record.startMicros)).toEqual([1_534_860_261_221_373, 1_534_860_261_221_373]);
    expect(run.earliest).toBe('2018-08-21T14:04:21.221Z');
    expect(run.actors).toEqual(['imx6ul-medusa']);
    expect(run.events.map((record) => record.message)).toEqual([
      'GPS Reference longitude: 7.358143333',
      'GPS Reference latitude: 46.908706667',
    ]);
    expect(run.events[0]?.extra).toMatchObject({ PRIORITY: '1', SYSLOG_IDENTIFIER: 'python' });
  });

  it('Timesketch JSONL keeps its own reader', async () => {
    const run = await importFixture('events/timesketch_sigma_events.jsonl');
    expect(run.detection.format).toBe('timesketch-jsonl');
    expect(run.events).toHaveLength(5);
    expect(run.earliest).toBe('2015-07-24T19:01:01.000Z');
    // The last line's timestamp "1642892863502205" µs.
    expect(run.latest).toBe('2022-01-22T23:07:43.502Z');
    expect(run.actors).toEqual(['', 'DESKTOP-B0TAAAA']);
    expect(run.events[1]?.message).toBe('Another message');
  });
});

describe('HAR fixtures, no settings given', () => {
  it.each([
    // path, pages, entries, first entry, last entry, actors, message of entry 1
    [
      'field/har/chrome51_multipage.har',
      3,
      27,
      '2016-06-28T18:40:33.525Z',
      '2016-06-28T18:40:50.825Z',
      ['gitgrimbo.github.io'],
      'GET http://gitgrimbo.github.io/harviewer/issue-62/ 200',
    ],
    [
      'field/har/firebug_jsonp_wrapped.harp',
      1,
      10,
      '2011-07-04T20:28:59.475Z',
      '2011-07-04T20:29:00.333Z',
      ['ssl.gstatic.com', 'www.google.com'],
      'GET http://www.google.com/ 200',
    ],
    [
      'field/har/insomnia_2022.har',
      0,
      1,
      '2023-03-30T04:39:18.981Z',
      '2023-03-30T04:39:18.981Z',
      ['mitm.it'],
      'GET http://mitm.it/ 200',
    ],
    [
      'har/chrome_webinspector_mitmproxy.har',
      1,
      3,
      '2023-03-30T00:00:54.250Z',
      '2023-07-25T12:58:46.182Z',
      ['mitmproxy.org', 'www.google.com'],
      'GET https://mitmproxy.org/ 304',
    ],
    [
      'har/fiddler_cnn_nopages_bom.har',
      0,
      22,
      '2010-08-30T20:47:34.209Z',
      '2010-08-30T20:47:39.185Z',
      ['bango.net', 'm.cnn.com', 'www.cnn.com'],
      'GET http://www.cnn.com/ 302',
    ],
    [
      'har/firebug_multiple_pages.har',
      3,
      9,
      '2010-09-28T18:13:39.238Z',
      '2010-09-28T18:13:50.749Z',
      ['legoas'],
      'GET http://legoas/firebug/tests/content/net/601/issue601.html 200',
    ],
    [
      'har/firefox111_mitmproxy.har',
      1,
      14,
      '2023-03-29T23:58:59.303Z',
      '2023-03-29T23:58:59.643Z',
      ['mitmproxy.org', 's3-us-west-2.amazonaws.com'],
      'GET https://mitmproxy.org/ 304',
    ],
    [
      'har/ie11_fiddler_bom.har',
      2,
      11,
      '2016-06-28T20:42:02.722Z',
      '2016-06-28T20:42:11.356Z',
      ['gitgrimbo.github.io'],
      'GET http://gitgrimbo.github.io/harviewer/issue-62/ 200',
    ],
    [
      'har/mitmproxy_websocket.har',
      0,
      3,
      '2023-08-29T13:03:20.195Z',
      '2023-08-29T13:03:52.266Z',
      ['demo.piesocket.com'],
      undefined,
    ],
    [
      'har/safari_webkit_mitmproxy.har',
      1,
      19,
      '2023-03-30T00:13:32.418Z',
      '2023-03-30T00:13:32.600Z',
      ['mitmproxy.org', 's3-us-west-2.amazonaws.com'],
      'GET https://mitmproxy.org/ 200',
    ],
  ] as const)(
    '%s: %i pages, %i entries, %s to %s',
    async (path, pages, entryCount, earliest, latest, actors, message) => {
      const run = await importFixture(path);
      expect(run.detection.format).toBe('har');
      expect(run.invalid).toEqual([]);
      expect(run.markers).toHaveLength(pages);
      expect(run.events).toHaveLength(entryCount);
      expect(run.earliest).toBe(earliest);
      expect(run.latest).toBe(latest);
      expect(run.actors).toEqual(actors);
      if (message !== undefined) expect(run.events[0]?.message).toBe(message);
    },
  );
});
