/*
 * Every delimited-family fixture imported with no settings at all: detectFormat, then
 * settingsFromDetection, then parseImport. Expected values were read off the files by hand
 * (grep, cut, awk; date -u -d @epoch for epoch columns), not copied from the parser.
 */
import { describe, expect, it } from 'vitest';
import { importFixtureDetected } from '../../tests/support/import-detected.ts';
import { recordSpan } from './record-span.ts';

async function importWithoutSettings(path: string) {
  const { detection, settings, records, invalid, summary } = await importFixtureDetected(path);
  return { detection, settings, records, invalid, summary, ...recordSpan(records) };
}

/** What every fixture is checked on first: its records, its invalid rows, its first and last instants in file order. */
const span = (result: Awaited<ReturnType<typeof importWithoutSettings>>) => [
  result.records.length,
  result.invalid.length,
  result.first,
  result.last,
];

describe('delimited fixtures imported with no settings', () => {
  it('OneDrive: headerless commas, # restart lines, MM-DD-YY date plus clock column, XML continuation lines', async () => {
    const result = await importWithoutSettings('field/delimited/onedrive_skydrive.log');
    expect(span(result)).toEqual([14, 0, '2013-08-12T01:10:08.882Z', '2013-08-31T03:45:38.222Z']);
    expect(result.actors).toEqual(['AUTH', 'PAL', 'QOS', 'WNS']);
    expect(result.records[0]?.message).toBe('QoS enabled');
    expect(result.records.find((record) => record.line === 11)?.message).toBe(
      'Received data from server\n<ping-response><wait>48</wait></ping-response>',
    );
    expect(result.settings).toMatchObject({
      delimiter: ',',
      headerRows: 0,
      commentPrefix: '#',
      dateOrder: 'mdy',
      mapping: { startTime: 0, startClock: 1 },
    });
    expect(result.detection.reason).toContain('US dates');
  });

  it('Sophos: UTF-16 LE with a BOM, compact date and time, then free text', async () => {
    const result = await importWithoutSettings('field/delimited/sophos_sav_utf16.txt');
    expect(span(result)).toEqual([9, 0, '2010-07-20T18:38:14.000Z', '2016-09-26T12:32:49.000Z']);
    expect(result.actors).toEqual(['']);
    expect(result.records[2]?.message).toBe(
      'Control of  "\\\\192.168.z.y\\ONTAP_ADMIN$\\vol\\DATA\\DATA\\Something\\Somethingelse.docx" returned a SAV error Interface 0xa0040212: File is crypted.',
    );
  });

  it('Trend Micro: the <;> delimiter, and the epoch column preferred to the minute-precise date and clock', async () => {
    const result = await importWithoutSettings('field/delimited/trendmicro_ofcurlf.log');
    expect(result.settings).toMatchObject({ delimiter: '<;>', headerRows: 0, mapping: { startTime: 12 } });
    expect(span(result)).toEqual([4, 0, '2018-01-23T13:16:04.000Z', '2018-01-23T13:17:42.000Z']);
    expect(result.actors).toEqual(['']);
    expect(result.records[1]?.message).toBe('C:\\Program Files (x86)\\Internet Explorer\\iexplore.exe');
    expect(result.records[0]?.extra).toMatchObject({
      'column 1': '20180123',
      'column 2': '1316',
      'column 4': 'http://www.eicar.org/download/eicar.com',
    });
  });

  it('IIS 8.5 W3C: 11 repeated header blocks, date and time in UTC, c-ip as actor, the request as message', async () => {
    const result = await importWithoutSettings('field/weblogs/iis85_w3c_big.log');
    expect(span(result)).toEqual([210, 0, '2015-01-13T00:32:17.000Z', '2015-01-13T23:15:41.000Z']);
    expect(result.actors).toHaveLength(12);
    expect(result.actors).toContain('157.55.39.146');
    expect(result.records[0]?.message).toBe('GET /robots.txt 404');
    expect(result.records[0]?.extra).toMatchObject({
      's-ip': '100.79.192.81',
      'cs-uri-query': null,
      'time-taken': '283',
    });
    expect(result.detection.reason).toMatch(/W3C extended log.*message: built from the method/);
  });

  it('Incapsula W3C: every field quoted, rows out of time order', async () => {
    const result = await importWithoutSettings('field/weblogs/incapsula_w3c.log');
    expect(span(result)).toEqual([2, 0, '2017-06-28T07:26:35.000Z', '2017-06-26T18:21:17.000Z']);
    expect(result.actors).toEqual(['123.123.123.123', '125.125.125.125']);
    expect(result.records.map((record) => record.message)).toEqual([
      'GET www.example.com/page.php?variable=test 200',
      'GET www.example.com/rss/news',
    ]);
    expect(result.records[0]?.extra['cs(User-Agent)']).toBe(
      'Mozilla/5.0 (Windows NT 6.1; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/58.0.3029.110 Safari/537.36',
    );
  });

  it('M365 Defender: header names give the columns, "UTC" suffixed dates, newest first', async () => {
    const result = await importWithoutSettings('events/m365_defender_activity_log.csv');
    expect(span(result)).toEqual([15, 0, '2023-10-25T17:44:53.000Z', '2023-10-25T17:44:52.000Z']);
    expect(result.earliest).toBe('2023-10-25T17:44:52.000Z');
    expect(result.actors).toEqual(['test-user']);
    expect(result.records[0]?.message).toBe('ListViewed');
  });

  it.each([
    ['events/zeek_notice_wrccdc2018.log', 207, '2018-03-24T17:15:20.629Z', '2018-03-24T17:36:18.124Z', 73],
    ['events/zeek_syslog_wrccdc2018.log', 2378, '2018-03-24T17:15:47.733Z', '2018-03-24T17:36:07.620Z', 4],
  ])('Zeek %s: epoch seconds with microseconds, id.orig_h as actor', async (path, count, first, last, actorCount) => {
    const result = await importWithoutSettings(path);
    expect(span(result)).toEqual([count, 0, first, last]);
    expect(result.records[0]?.startMicros).toBe(
      path.includes('notice') ? 1_521_911_720_629_574 : 1_521_911_747_733_658,
    );
    expect(result.actors).toHaveLength(actorCount);
  });

  it('Zeek syslog: the message column holds the whole syslog line', async () => {
    const result = await importWithoutSettings('events/zeek_syslog_wrccdc2018.log');
    expect(result.actors).toEqual(['10.47.22.25', '10.47.22.80', '10.47.22.81', '10.47.22.82']);
    expect(result.records[0]?.message).toMatch(/^1 2018-03-24T08:59:37-07:00 PC-helen\.jerry\.land EvntSLog/);
  });

  it('Timesketch CSV: quoted multi-line XML, datetime with microseconds', async () => {
    const result = await importWithoutSettings('events/timesketch_evtx_part.csv');
    expect(result.records).toHaveLength(13);
    expect(result.first).toBe('2012-03-14T04:17:38.276Z');
    expect(result.records[0]?.startMicros).toBe(1_331_698_658_276_340);
    expect(result.last).toBe('2012-03-14T04:17:43.354Z');
    expect(result.actors).toEqual(['WKS-WIN764BITB.shieldbase.local']);
    expect(result.records[0]?.message).toMatch(
      /^\[7036 \/ 0x1b7c\] Source Name: Service Control Manager Message string: The Windows/,
    );
  });

  it('geo CSVs still read as delimited events', async () => {
    const fr24 = await importWithoutSettings('geo/fr24_JAL516_2024-01-02.csv');
    expect(fr24.records).toHaveLength(305);
    expect([fr24.first, fr24.last]).toEqual(['2024-01-02T07:22:55.000Z', '2024-01-02T08:47:23.000Z']);
    expect(fr24.actors).toEqual(['JAL516']);
    const airdata = await importWithoutSettings('geo/airdata_dji_air2s_2021-09-05.csv');
    expect(airdata.records).toHaveLength(11_614);
    expect([airdata.first, airdata.last]).toEqual(['2021-09-06T02:47:58.000Z', '2021-09-06T03:07:42.000Z']);
  });
});
