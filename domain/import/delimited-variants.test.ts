/*
 * Delimited files from producers the fixtures do not cover, written after their documentation:
 * each detected with no settings and imported, then checked for what an analyst relies on.
 */
import { timeActorMessage } from './time-actor-message.ts';
import { describe, expect, it } from 'vitest';
import { CSV_TIME_FIRST } from '../../tests/support/csv-settings.ts';
import { importDetected } from '../../tests/support/import-detected.ts';
import { exampleInput, itReadsEachExample } from '../../tests/support/example-cases.ts';
import { collectImport } from './collect-import.ts';
import type { ImportSettings } from './import-settings.ts';
import { parseImport } from './parse-import.ts';

const iso = (micros: number | undefined) =>
  micros === undefined ? undefined : new Date(Math.floor(micros / 1000)).toISOString();

async function importText(text: string | Uint8Array, name = 'upload.log', timeZone = 'UTC') {
  const result = await importDetected(text, name, timeZone);
  return { ...result, starts: result.records.map((record) => iso(record.startMicros)) };
}

async function importWith(text: string, settings: ImportSettings) {
  const result = await collectImport(parseImport(new TextEncoder().encode(text), settings));
  return { ...result, starts: result.records.map((record) => iso(record.startMicros)) };
}

describe('delimited variants detected with no settings', () => {
  it('Azure Monitor portal CSV export: "TimeGenerated [UTC]" read in UTC whatever zone is chosen, its quoted "M/d/yyyy, h:mm:ss.fff AM" dates', async () => {
    const text = [
      '\uFEFFTimeGenerated [UTC],ClientIp,HttpMethod,RequestUri,UserAgent,HttpStatus',
      '"1/1/2025, 12:00:00.000 AM",1.2.3.4,GET,/api/test,Mozilla/5.0,200',
      '"1/1/2025, 1:15:30.250 PM",5.6.7.8,POST,/api/items,curl/8.0,201',
    ].join('\r\n');
    const run = await importText(text, 'query_data.csv', 'Europe/Berlin');
    expect(run.detection.reason).toMatch(/; the start time column's name says UTC: read in UTC$/);
    expect(run.settings).toMatchObject({ timeZone: 'UTC' });
    expect(run.starts).toEqual(['2025-01-01T00:00:00.000Z', '2025-01-01T13:15:30.250Z']);
    expect(run.records.map((record) => record.actor)).toEqual(['1.2.3.4', '5.6.7.8']);
  });

  it('a time column named without a zone is read in the chosen zone', async () => {
    const text = 'TimeGenerated,ClientIp\n"1/1/2025, 12:00:00.000 AM",1.2.3.4\n"1/2/2025, 1:00:00.000 AM",1.2.3.5\n';
    const run = await importText(text, 'query_data.csv', 'Europe/Berlin');
    expect(run.settings).toMatchObject({ timeZone: 'Europe/Berlin' });
    expect(run.starts[0]).toBe('2024-12-31T23:00:00.000Z');
  });

  it("IIS's own log file format: the 15 documented columns named, the client as actor, the request as message", async () => {
    const text = [
      '192.168.114.201, -, 3/5/2024, 7:55:20, W3SVC2, SALES1, 172.21.13.45, 4502, 163, 3223, 200, 0, GET, /DeptLogo.gif, -,',
      '172.16.255.255, anonymous, 3/5/2024, 16:42:50, W3SVC2, SALES1, 172.21.13.45, 4320, 163, 1323, 404, 2, GET, /search.asp, q=ssn,',
    ].join('\r\n');
    const { records, invalid, starts, detection } = await importText(text, 'in240305.log', 'America/Chicago');
    expect(invalid).toEqual([]);
    expect(detection.reason).toContain("IIS's own log file format: its 15 documented columns");
    // Local times, read in the chosen zone: 7:55:20 CST is 13:55:20Z.
    expect(starts).toEqual(['2024-03-05T13:55:20.000Z', '2024-03-05T22:42:50.000Z']);
    expect(records.map((record) => [record.actor, record.message])).toEqual([
      ['192.168.114.201', 'GET /DeptLogo.gif 200'],
      ['172.16.255.255', 'GET /search.asp?q=ssn 404'],
    ]);
  });

  it('a McAfee-style headerless log: US date and 12-hour clock in two columns', async () => {
    const text = [
      '9/27/2013,2:42:26 PM,Blocked by Access Protection rule,NT AUTHORITY\\SYSTEM,C:\\Windows\\system32\\svchost.exe,Common Standard Protection:Prevent termination',
      '9/27/2013,2:43:01 PM,Blocked by Access Protection rule,NT AUTHORITY\\SYSTEM,C:\\Windows\\system32\\svchost.exe,Common Standard Protection:Prevent termination',
      '10/1/2013,9:05:12 AM,Would be blocked by Access Protection rule,CORP\\alice,C:\\Program Files\\Tool\\tool.exe,Anti-virus Standard Protection:Prevent IRC',
    ].join('\r\n');
    const { records, invalid, starts, settings, detection } = await importText(text);
    expect(invalid).toEqual([]);
    expect(settings).toMatchObject({
      delimiter: ',',
      headerRows: 0,
      dateOrder: 'mdy',
      mapping: { startTime: 0, startClock: 1 },
    });
    expect(starts).toEqual(['2013-09-27T14:42:26.000Z', '2013-09-27T14:43:01.000Z', '2013-10-01T09:05:12.000Z']);
    // The longest free text is the rule; the event's description stays in extra.
    expect(records[2]?.message).toBe('Anti-virus Standard Protection:Prevent IRC');
    expect(records[2]?.extra['column 3']).toBe('Would be blocked by Access Protection rule');
    expect(detection.reason).toContain(
      'US dates: nothing above 12 in the first position (the month), 27 in the second position',
    );
  });

  it('a European CSV: semicolons, day-first dates with dots, a comma inside a message', async () => {
    const text =
      'Datum;Benutzer;Meldung\n27.09.2013 14:42:26;anna;Anmeldung fehlgeschlagen, Passwort falsch\n01.10.2013 09:00:00;bernd;Abmeldung\n03.10.2013 10:15:30;anna;Anmeldung erfolgreich\n';
    const { records, starts, settings } = await importText(text, 'export.csv');
    expect(settings).toMatchObject({ delimiter: ';', headerRows: 1, dateOrder: 'dmy', mapping: { startTime: 0 } });
    expect(starts).toEqual(['2013-09-27T14:42:26.000Z', '2013-10-01T09:00:00.000Z', '2013-10-03T10:15:30.000Z']);
    expect(records[0]?.message).toBe('Anmeldung fehlgeschlagen, Passwort falsch');
  });

  it('a pipe-delimited file with epoch milliseconds and a host column', async () => {
    const text =
      'ts|host|event\n1700000000123|web-1|request served\n1700000001456|web-2|request failed\n1700000002789|web-1|request served\n1700000003000|web-2|cache miss\n';
    const { records, starts, settings } = await importText(text);
    expect(settings).toMatchObject({
      delimiter: '|',
      numericUnit: 'milliseconds',
      mapping: { startTime: 0, actor: 1, message: 2 },
    });
    expect(starts[0]).toBe('2023-11-14T22:13:20.123Z');
    expect(records.map((record) => record.actor)).toEqual(['web-1', 'web-2', 'web-1', 'web-2']);
  });

  it('epoch nanoseconds in a tab-separated file keep their microseconds', async () => {
    const { records, settings } = await importText(
      'time\tuser\tmessage\n1700000000123456789\tbob\tlogin ok\n1700000000999999999\tbob\tlogout\n',
    );
    expect(settings).toMatchObject({ numericUnit: 'nanoseconds' });
    expect(records.map((record) => record.startMicros)).toEqual([1_700_000_000_123_456, 1_700_000_000_999_999]);
  });

  itReadsEachExample('delimited');

  it('ISO times with nine fraction digits keep their microseconds', async () => {
    const { records } = await importText(exampleInput('delimited', 'iso-nine-fraction-digits'));
    expect(records[0]?.startMicros).toBe(Date.UTC(2024, 0, 2, 3, 4, 5) * 1000 + 123_456);
  });

  it('a Windows Firewall log (W3C, local time): the verdict as message, the source address as actor', async () => {
    const text = [
      '#Version: 1.5',
      '#Software: Microsoft Windows Firewall',
      '#Time Format: Local',
      '#Fields: date time action protocol src-ip dst-ip src-port dst-port size tcpflags tcpsyn tcpack tcpwin icmptype icmpcode info path',
      '',
      '2019-03-26 10:19:03 DROP UDP 192.168.1.5 239.255.255.250 51234 1900 0 - - - - - - - RECEIVE',
      '2019-03-26 10:19:07 ALLOW TCP 192.168.1.7 93.184.216.34 50123 443 0 - - - - - - - SEND',
    ].join('\r\n');
    const { records, settings, starts, detection } = await importText(text, 'pfirewall.log', 'Europe/Berlin');
    expect(settings).toMatchObject({
      delimiter: ' ',
      fieldsDirective: '#Fields:',
      timeZone: 'Europe/Berlin',
      mapping: { startTime: 0, startClock: 1, actor: 4 },
    });
    expect(starts).toEqual(['2019-03-26T09:19:03.000Z', '2019-03-26T09:19:07.000Z']);
    expect(records.map((record) => record.message)).toEqual([
      'DROP UDP 192.168.1.5:51234 -> 239.255.255.250:1900',
      'ALLOW TCP 192.168.1.7:50123 -> 93.184.216.34:443',
    ]);
    expect(records[0]?.extra).toMatchObject({ path: 'RECEIVE', tcpflags: null });
    expect(detection.reason).toContain('local time (#Time Format: Local)');
  });

  it('a Windows Firewall log over IPv6 (Azure Stack Edge docs): the address bracketed before its port', async () => {
    const text = [
      '#Version: 1.5',
      '#Software: Microsoft Windows Firewall',
      '#Time Format: Local',
      '#Fields: date time action protocol src-ip dst-ip src-port dst-port size tcpflags tcpsyn tcpack tcpwin icmptype icmpcode info path',
      '',
      '2019-11-06 12:35:19 DROP UDP 5.5.3.197 224.0.0.251 5353 5353 59 - - - - - - - RECEIVE',
      '2019-11-06 12:35:19 DROP UDP fe80::3680:dff:fe01:9e88 ff02::fb 5353 5353 89 - - - - - - - RECEIVE',
    ].join('\n');
    const { records } = await importText(text, 'pfirewall.log', 'UTC');
    expect(records.map((record) => [record.actor, record.message])).toEqual([
      ['5.5.3.197', 'DROP UDP 5.5.3.197:5353 -> 224.0.0.251:5353'],
      ['fe80::3680:dff:fe01:9e88', 'DROP UDP [fe80::3680:dff:fe01:9e88]:5353 -> [ff02::fb]:5353'],
    ]);
  });

  it('an avionics export with a units row under the header', async () => {
    const text =
      'Time,Callsign,Altitude,Speed,Remark\n(UTC),,ft,kt,\n2024-01-02 07:22:55,JAL516,0,0,on stand\n2024-01-02 07:23:10,JAL516,0,12,taxi out\n2024-01-02 07:30:00,JAL516,1200,160,climb\n';
    const { records, settings, detection } = await importText(text, 'track.csv');
    expect(settings).toMatchObject({ headerRows: 2, mapping: { startTime: 0, actor: 1 } });
    expect(records).toHaveLength(3);
    expect(records[0]?.extra).toMatchObject({ Altitude: '0', Speed: '0' });
    expect(detection.reason).toContain('a units row');
  });

  it('12-hour clocks written a. m. and p. m. in a day-first file', async () => {
    const text =
      'fecha;usuario;mensaje\n24/12/2020 11:59:59 p. m.;ana;cierre\n25/12/2020 12:05:00 a. m.;ana;apertura\n';
    const { starts, settings } = await importText(text);
    expect(settings).toMatchObject({ dateOrder: 'dmy' });
    expect(starts).toEqual(['2020-12-24T23:59:59.000Z', '2020-12-25T00:05:00.000Z']);
  });

  it('a date column and a time column apart, and one bad row listed with its reason while the rest import', async () => {
    const text =
      'Date,Host,Time,Event\n27/09/2013,srv-a,14:42:26,disk full\n31/02/2013,srv-b,14:43:00,bad day\n28/09/2013,srv-a,08:00:00,disk cleaned\n';
    const { starts, invalid, settings } = await importText(text);
    expect(settings).toMatchObject({ dateOrder: 'dmy', mapping: { startTime: 0, startClock: 2, message: 3 } });
    expect(starts).toEqual(['2013-09-27T14:42:26.000Z', '2013-09-28T08:00:00.000Z']);
    expect(invalid).toEqual([
      {
        line: 3,
        reason: 'column "Date" and column "Time": "31/02/2013 14:43:00" is not a date (expected day/month/year)',
      },
    ]);
  });

  it('an AWS VPC flow log: space-separated header, epoch start and end, the source address as actor', async () => {
    const text = [
      'version account-id interface-id srcaddr dstaddr srcport dstport protocol packets bytes start end action log-status',
      '2 123456789010 eni-1235b8ca123456789 172.31.16.139 172.31.16.21 20641 22 6 20 4249 1418530010 1418530070 ACCEPT OK',
      '2 123456789010 eni-1235b8ca123456789 172.31.9.69 172.31.9.12 49761 3389 6 20 4249 1418530010 1418530070 REJECT OK',
      '2 123456789010 eni-1235b8ca123456789 172.31.16.139 172.31.16.21 20642 22 6 20 4249 1418530071 1418530130 ACCEPT OK',
    ].join('\n');
    const { records, settings } = await importText(text, 'flow.log');
    expect(settings).toMatchObject({
      delimiter: 'whitespace',
      headerRows: 1,
      mapping: { startTime: 10, endTime: 11, actor: 3 },
    });
    expect(records.map((record) => [iso(record.startMicros), iso(record.endMicros), record.actor])).toEqual([
      ['2014-12-14T04:06:50.000Z', '2014-12-14T04:07:50.000Z', '172.31.16.139'],
      ['2014-12-14T04:06:50.000Z', '2014-12-14T04:07:50.000Z', '172.31.9.69'],
      ['2014-12-14T04:07:51.000Z', '2014-12-14T04:08:50.000Z', '172.31.16.139'],
    ]);
  });

  it('a Windows DHCP server log: prose preamble, then a header and mm/dd/yy dates with a time column', async () => {
    const text = [
      '\t\tMicrosoft DHCP Service Activity Log',
      '',
      'Event ID  Meaning',
      '00\tThe log was started.',
      '11\tA lease was renewed by a client.',
      '',
      'ID,Date,Time,Description,IP Address,Host Name,MAC Address',
      '00,09/27/13,14:42:26,Started,,,',
      '11,09/27/13,14:43:01,Renew,10.0.0.25,laptop-7.corp.local,A0B1C2D3E4F5',
      '11,09/28/13,08:00:00,Renew,10.0.0.26,desk-2.corp.local,A0B1C2D3E4F6',
      '11,09/28/13,09:30:15,Renew,10.0.0.25,laptop-7.corp.local,A0B1C2D3E4F5',
    ].join('\r\n');
    const { records, settings, starts } = await importText(text, 'DhcpSrvLog-Fri.log');
    expect(settings).toMatchObject({
      delimiter: ',',
      preambleRows: 6,
      headerRows: 1,
      dateOrder: 'mdy',
      mapping: { startTime: 1, startClock: 2, actor: 5, message: 3 },
    });
    expect(starts).toEqual([
      '2013-09-27T14:42:26.000Z',
      '2013-09-27T14:43:01.000Z',
      '2013-09-28T08:00:00.000Z',
      '2013-09-28T09:30:15.000Z',
    ]);
    expect(records.map((record) => record.actor)).toEqual([
      '',
      'laptop-7.corp.local',
      'desk-2.corp.local',
      'laptop-7.corp.local',
    ]);
  });

  it('a Squid native access log is taken by the access-log family: epoch seconds with milliseconds, client as actor', async () => {
    const text = [
      '1286536308.779    180 192.168.0.224 TCP_MISS/200 411 GET http://liveupdate.symantecliveupdate.com/minitri.flg - DIRECT/125.23.216.203 text/plain',
      '1286536309.144    207 192.168.0.224 TCP_MISS/200 303 GET http://liveupdate.symantecliveupdate.com/ - DIRECT/125.23.216.203 text/html',
      '1286536310.530      0 192.168.0.227 TCP_DENIED/403 3853 CONNECT www.example.com:443 - NONE/- text/html',
      '1286536311.002     15 192.168.0.224 TCP_HIT/200 1024 GET http://example.org/a.png - NONE/- image/png',
    ].join('\n');
    const { records, settings } = await importText(text, 'access.log');
    expect(settings).toMatchObject({ format: 'access-log' });
    // Squid logs when a request ends; the elapsed milliseconds (second column) give its start.
    expect(records.map((record) => [record.startMicros, record.endMicros, record.actor])).toEqual([
      [1_286_536_308_599_000, 1_286_536_308_779_000, '192.168.0.224'],
      [1_286_536_308_937_000, 1_286_536_309_144_000, '192.168.0.224'],
      [1_286_536_310_530_000, 1_286_536_310_530_000, '192.168.0.227'],
      [1_286_536_310_987_000, 1_286_536_311_002_000, '192.168.0.224'],
    ]);
    expect(records[2]?.message).toContain('www.example.com:443');
  });

  it('a UTC-offset column named as such applies to each row', async () => {
    const text =
      'time,tz,user,event\n2024-03-01 09:00:00,+01:00,ana,login\n2024-03-01 09:00:00,-05:00,bo,login\n2024-03-01 09:30:00,UTC+05:30,ana,logout\n';
    const { starts, settings, detection } = await importText(text);
    expect(settings).toMatchObject({ mapping: { startTime: 0, utcOffset: 1, actor: 2, message: 3 } });
    expect(starts).toEqual(['2024-03-01T08:00:00.000Z', '2024-03-01T14:00:00.000Z', '2024-03-01T04:00:00.000Z']);
    expect(detection.reason).toContain('UTC offset of each row: column "tz" (+01:00)');
  });

  it('a W3C log whose #Fields: change after a restart: later rows follow the new names', async () => {
    const text = [
      '#Software: Microsoft Internet Information Services 10.0',
      '#Fields: date time c-ip cs-method cs-uri-stem sc-status',
      '2024-05-01 10:00:00 10.0.0.1 GET /a 200',
      '#Software: Microsoft Internet Information Services 10.0',
      '#Fields: date time s-ip c-ip cs-method cs-uri-stem cs-uri-query sc-status time-taken',
      '2024-05-01 11:00:00 10.0.0.9 10.0.0.2 POST /b x=1 500 31',
    ].join('\n');
    const { records } = await importText(text, 'u_ex240501.log');
    expect(timeActorMessage(records)).toEqual([
      ['2024-05-01T10:00:00.000Z', '10.0.0.1', 'GET /a 200'],
      ['2024-05-01T11:00:00.000Z', '10.0.0.2', 'POST /b?x=1 500'],
    ]);
    expect(records[1]?.extra).toMatchObject({ 's-ip': '10.0.0.9', 'time-taken': '31' });
  });

  it('whitespace runs between aligned columns', async () => {
    const text =
      'time                  host     message\n2024-01-02T03:04:05Z  alpha    started\n2024-01-02T03:04:09Z  beta     stopped now\n2024-01-02T03:05:00Z  alpha    started\n';
    const { records } = await importText(text);
    expect(records.map((record) => [record.actor, record.message])).toEqual([
      ['alpha', 'started'],
      ['beta', 'stopped now'],
      ['alpha', 'started'],
    ]);
  });
});

describe('delimited settings the preview can set', () => {
  it('applies a UTC-offset column to zone-less times only', async () => {
    const text =
      'when,offset,what\n2024-01-02 10:00:00,+02:00,a\n2024-01-02 10:00:00,-5,b\n2024-01-02 10:00:00,UTC-05:30,c\n2024-01-02 10:00:00Z,+0530,d\n2024-01-02 10:00:00,+25:00,e\n';
    const { starts, invalid } = await importWith(text, {
      ...CSV_TIME_FIRST,
      mapping: { startTime: 0, utcOffset: 1, message: 2 },
    });
    expect(starts).toEqual([
      '2024-01-02T08:00:00.000Z',
      '2024-01-02T15:00:00.000Z',
      '2024-01-02T15:30:00.000Z',
      '2024-01-02T10:00:00.000Z',
    ]);
    expect(invalid).toEqual([
      { line: 6, reason: 'column "offset": "+25:00" is not a UTC offset (expected one like +02:00, -5 or UTC-05:00)' },
    ]);
  });

  it('reads an explicit pattern, and names it when a row does not fit', async () => {
    const text = 'date,time,what\n27-Sep-2013,14.42.26,a\n2013-09-27,14:42:26,b\n';
    const { starts, invalid } = await importWith(text, {
      ...CSV_TIME_FIRST,
      mapping: { startTime: 0, startClock: 1 },
      timePattern: 'dd-MMM-yyyy HH.mm.ss',
    });
    expect(starts).toEqual(['2013-09-27T14:42:26.000Z']);
    expect(invalid).toEqual([
      {
        line: 3,
        reason: 'column "date" and column "time": "2013-09-27 14:42:26" is not a date (expected dd-MMM-yyyy HH.mm.ss)',
      },
    ]);
  });

  it('says the decided date order when a row does not fit it', async () => {
    const { invalid } = await importWith('date,what\n31/02/2024,x\n', { ...CSV_TIME_FIRST, dateOrder: 'dmy' });
    expect(invalid).toEqual([
      { line: 2, reason: 'column "date": "31/02/2024" is not a date (expected day/month/year)' },
    ]);
  });

  it('names the setting when a later day-first date breaks the month-first order the first rows left', async () => {
    // Days 1-12 of a day-first log fill the rows detection samples: nothing decides, month-first is said.
    const rows = Array.from({ length: 12 * 20 }, (_, index) => {
      const day = String(Math.floor(index / 20) + 1).padStart(2, '0');
      return `${day}/03/2024 10:${String(index % 20).padStart(2, '0')},alice,step ${index}`;
    });
    const text = ['Date,User,Action', ...rows, '13/03/2024 10:00,bob,late'].join('\n');
    const detected = await importText(text, 'audit.csv');
    expect(detected.detection.reason).toContain('read month-first (US)');
    expect(detected.invalid).toEqual([
      {
        line: 242,
        reason:
          'column "Date": "13/03/2024 10:00" is not a date (expected month/day/year); it reads as day/month/year: if the file\'s dates are written so, set "Dates read as" to day/month/year',
      },
    ]);
    const chosen = await importWith(text, {
      ...detected.settings,
      format: 'delimited',
      dateOrder: 'dmy',
    } as ImportSettings);
    expect(chosen.invalid).toEqual([]);
    expect([chosen.starts[0], chosen.starts.at(-1)]).toEqual(['2024-03-01T10:00:00.000Z', '2024-03-13T10:00:00.000Z']);
  });

  it('refuses a pattern that is not one, before reading', async () => {
    await expect(importWith('a\n1\n', { ...CSV_TIME_FIRST, timePattern: 'yyyy-MM-dd {' })).rejects.toMatchObject({
      code: 'bad-settings',
    });
  });

  it('reads fixed epoch units as told', async () => {
    const text = 't,m\n1700000000,a\n';
    expect((await importWith(text, { ...CSV_TIME_FIRST, numericUnit: 'seconds' })).starts).toEqual([
      '2023-11-14T22:13:20.000Z',
    ]);
    expect((await importWith(text, { ...CSV_TIME_FIRST, numericUnit: 'milliseconds' })).starts).toEqual([
      '1970-01-20T16:13:20.000Z',
    ]);
  });
});
