import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '../../tests/support/fixtures-dir.ts';
import type { AccessLogSettings } from './access-log-settings.ts';
import { collectImport } from './collect-import.ts';
import type { ImportRecord } from './import-record.ts';
import { parseImport } from './parse-import.ts';

const fixture = (name: string) => new Uint8Array(readFileSync(join(FIXTURES_DIR, 'field', 'weblogs', name)));
const run = (input: Uint8Array | string, settings: Omit<AccessLogSettings, 'format'> = { timeZone: 'UTC' }) =>
  collectImport(
    parseImport(typeof input === 'string' ? new TextEncoder().encode(input) : input, {
      format: 'access-log',
      ...settings,
    }),
  );
const iso = (micros: number) =>
  new Date(Math.floor(micros / 1000)).toISOString().replace('Z', `${String(micros % 1000).padStart(3, '0')}Z`);
const actors = (records: readonly ImportRecord[]) => [...new Set(records.map((record) => record.actor))].sort();
const starts = (records: readonly ImportRecord[]) => records.map((record) => record.startMicros).sort((a, b) => a - b);

describe('access log fixtures (expected values read off the files by hand)', () => {
  it('Apache mixed common, combined and vhost lines with their own offsets', async () => {
    const { records, invalid, summary } = await run(fixture('apache_combined_mixed_offsets.log'));
    expect(invalid).toEqual([]);
    expect(records).toHaveLength(15);
    expect(iso(records[0]!.startMicros)).toBe('2016-01-13T19:31:16.000000Z');
    // Line 15: 16/Nov/2019:09:46:42 +0200.
    expect(iso(records.at(-1)!.startMicros)).toBe('2019-11-16T07:46:42.000000Z');
    expect(iso(starts(records)[0]!)).toBe('2015-05-17T10:05:14.000000Z');
    expect(iso(starts(records).at(-1)!)).toBe('2021-04-25T06:15:33.000000Z');
    expect(iso(records[4]!.startMicros)).toBe('2016-01-13T17:31:20.000000Z');
    expect(actors(records)).toEqual([
      '1.2.3.4',
      '10.0.0.1',
      '10.1.1.2',
      '120.202.255.147',
      '192.168.0.2',
      '192.168.0.3',
      '192.168.0.64',
      '46.118.127.106',
    ]);
    expect(records[0]).toMatchObject({
      actor: '10.0.0.1',
      message: 'GET /wp-content/themes/darkmode/header.php?install2 → 200',
      extra: { status: 200, bytes: 494 },
    });
    expect(records[6]!.extra).toMatchObject({
      status: 304,
      bytes: null,
      userAgent: 'Mozilla/5.0 Gecko/20100115 Firefox/3.6',
    });
    expect(records[7]!.extra).toMatchObject({
      userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html',
      userAgentCutOff: true,
    });
    expect(records[8]).toMatchObject({ actor: '10.1.1.2', extra: { vhost: 'plaso.log2timeline.net:443' } });
    expect(records[12]!.message).toBe(
      'GET /aaaa.xxxx/SomeText?action=edit&template=<script>alert("text")</script> → 404',
    );
    expect(records[13]!.message).toBe('GET /$%7B("TextString"+"123456")%7D/actionChain1.action → 404');
    expect(records[14]!.extra).toMatchObject({ user: 'pyllyukko@EXAMPLE.COM' });
    expect(summary.notes).toContain(
      'Lines read: 4 Apache/nginx common, 7 Apache/nginx combined, 4 with a virtual host',
    );
  });

  it('gives the same events whatever the chunk size (multi-byte characters split across chunks)', async () => {
    const bytes = new TextEncoder().encode(
      '203.0.113.5 - - [10/Oct/2023:13:55:36 -0700] "GET /caf\u00e9/\u65e5\u672c HTTP/1.1" 200 1 "-" "\u00fcber"\n'.repeat(
        3,
      ),
    );
    const whole = await run(bytes);
    const sevens = Array.from({ length: Math.ceil(bytes.length / 7) }, (_, index) =>
      bytes.subarray(index * 7, (index + 1) * 7),
    );
    const chunked = await collectImport(parseImport(sevens, { format: 'access-log', timeZone: 'UTC' }));
    expect(chunked.records).toEqual(whole.records);
    expect(whole.records[0]).toMatchObject({
      message: 'GET /caf\u00e9/\u65e5\u672c → 200',
      extra: { userAgent: '\u00fcber' },
    });
  });

  it('HAProxy through syslog: the accept date with ms, the total timer as duration, other lines by their syslog prefix', async () => {
    const { records, invalid } = await run(fixture('haproxy_via_syslog.log'), { timeZone: 'UTC', year: 2019 });
    expect(invalid).toEqual([]);
    expect(records).toHaveLength(17);
    expect(records[0]).toMatchObject({ line: 1, actor: '192.168.4.2 haproxy', message: 'Proxy prod_http_in started.' });
    expect(iso(records[0]!.startMicros)).toBe('2019-02-25T16:19:38.000000Z');
    // Line 4: accepted 16:19:48.143 (the syslog prefix says 16:19:49), Ta 1487 ms.
    expect(records[3]).toMatchObject({
      actor: '141.35.244.171',
      message: 'GET /admin/colt/administration?survey=130&input_stats=1&ajax=1&&ajax=1&refresh=1&ihandle=1 → 200',
      extra: {
        timers: '0/0/7/1457/1487',
        duration_ms: 1487,
        status: 200,
        bytes: 11394,
        frontend: 'prod_http_in',
        backend: 'bk_admin',
        syslog_host: '192.168.4.2',
      },
    });
    expect(iso(records[3]!.startMicros)).toBe('2019-02-25T16:19:48.143000Z');
    expect(iso(records[3]!.endMicros)).toBe('2019-02-25T16:19:49.630000Z');
    expect(records[13]).toMatchObject({
      line: 14,
      actor: '95.216.197.33',
      message: 'prod_http_in/sktst2: SSL handshake failure',
    });
    expect(iso(records[13]!.startMicros)).toBe('2019-02-25T16:20:10.111000Z');
    expect(iso(records.at(-1)!.startMicros)).toBe('2019-02-25T16:20:12.331000Z');
    expect(iso(records.at(-1)!.endMicros)).toBe('2019-02-25T16:20:12.332000Z');
    expect(iso(starts(records).at(-1)!)).toBe('2019-02-25T16:20:14.317000Z');
    expect(actors(records)).toEqual([
      '141.35.244.171',
      '192.168.4.2 haproxy',
      '79.246.138.36',
      '87.183.41.77',
      '89.247.124.65',
      '92.193.212.151',
      '95.216.197.33',
    ]);
  });
});

/** One line of a producer's log, and what the analyst sees of its event (times as UTC ISO strings). */
interface OneLineCase {
  name: string;
  line: string;
  settings?: Omit<AccessLogSettings, 'format'>;
  start?: string;
  end?: string;
  event: Partial<ImportRecord>;
}

const ONE_LINE_CASES: OneLineCase[] = [
  {
    name: 'nginx default combined with a negative offset',
    line: '203.0.113.5 - - [10/Oct/2023:13:55:36 -0700] "GET /index.html HTTP/1.1" 200 2326 "http://example.com/start" "Mozilla/5.0 (X11; Linux x86_64)"',
    start: '2023-10-10T20:55:36.000000Z',
    event: {
      actor: '203.0.113.5',
      message: 'GET /index.html → 200',
      extra: { referer: 'http://example.com/start', userAgent: 'Mozilla/5.0 (X11; Linux x86_64)' },
    },
  },
  {
    name: 'a virtual host without a port before the client',
    line: 'www.example.org 198.51.100.4 - - [10/Oct/2023:13:55:36 +0000] "POST /login HTTP/2.0" 302 0',
    event: { actor: '198.51.100.4', message: 'POST /login → 302', extra: { vhost: 'www.example.org' } },
  },
  {
    name: 'AWS ALB: from request_creation_time to time',
    line: 'http 2018-07-02T22:23:00.186641Z app/my-loadbalancer/50dc6c495c0c9188 192.168.131.39:2817 10.0.0.1:80 0.000 0.001 0.000 200 200 34 366 "GET http://www.example.com:80/ HTTP/1.1" "curl/7.46.0" - - arn:aws:elasticloadbalancing:us-east-2:123456789012:targetgroup/my-targets/73e2d6bc24d8a067 "Root=1-58337262-36d228ad5d99923122bbe354" "-" "-" 0 2018-07-02T22:22:48.364000Z "forward" "-" "-" "10.0.0.1:80" "200" "-" "-"',
    start: '2018-07-02T22:22:48.364000Z',
    end: '2018-07-02T22:23:00.186641Z',
    event: {
      actor: '192.168.131.39',
      message: 'GET http://www.example.com:80/ → 200',
      extra: {
        elb_status_code: 200,
        user_agent: 'curl/7.46.0',
        trace_id: 'Root=1-58337262-36d228ad5d99923122bbe354',
        client_port: 2817,
      },
    },
  },
  {
    name: 'AWS classic ELB: time plus the three processing times',
    line: '2015-05-13T23:39:43.945958Z my-loadbalancer 192.168.131.39:2817 10.0.0.1:80 0.000073 0.001048 0.000057 200 200 0 29 "GET http://www.example.com:80/ HTTP/1.1" "curl/7.38.0" - -',
    start: '2015-05-13T23:39:43.945958Z',
    end: '2015-05-13T23:39:43.947136Z',
    event: { actor: '192.168.131.39', message: 'GET http://www.example.com:80/ → 200' },
  },
  {
    name: 'AWS NLB TLS log: from tls_connection_creation_time to time',
    line: 'tls 2.0 2018-12-20T02:59:40 net/my-network-loadbalancer/c6e77e28c25b2234 g3d4b5e8bb8464cd 72.21.218.154:51341 172.100.100.185:443 5 2 98 246 - arn:aws:acm:us-east-2:671290407336:certificate/2a108f19-aded-46b0-8493-c63eb1ef4a99 - ECDHE-RSA-AES128-SHA tlsv12 - my-network-loadbalancer-c6e77e28c25b2234.elb.us-east-2.amazonaws.com - - - 2018-12-20T02:59:30',
    start: '2018-12-20T02:59:30.000000Z',
    end: '2018-12-20T02:59:40.000000Z',
    event: { actor: '72.21.218.154' },
  },
  {
    // Paris is UTC+1 in February.
    name: 'HAProxy TCP log through syslog, accept date in the zone setting',
    line: 'Feb  6 12:12:56 localhost haproxy[14387]: 10.0.1.2:33313 [06/Feb/2009:12:12:51.443] fnt bck/srv1 0/0/5007 212 -- 0/0/0/0/3 0/0',
    settings: { timeZone: 'Europe/Paris', year: 2009 },
    start: '2009-02-06T11:12:51.443000Z',
    end: '2009-02-06T11:12:56.450000Z',
    event: {
      actor: '10.0.1.2',
      message: 'TCP fnt → bck/srv1: 212 bytes, state --',
      extra: { syslog_program: 'haproxy', termination_state: '--' },
    },
  },
  {
    // Berlin is UTC+2 in May: the accept date 07:08:08.500 local is 05:08:08.500 UTC; Ta is 31 ms.
    name: 'HAProxy HTTP through an RFC 5424 syslog prefix',
    line: '<134>1 2024-05-06T07:08:09+02:00 lb1 haproxy 4242 - - 198.51.100.7:40000 [06/May/2024:07:08:08.500] www~ app/web1 10/0/1/20/31 404 120 - - ---- 1/1/0/0/0 0/0 "GET /missing HTTP/1.1"',
    settings: { timeZone: 'Europe/Berlin' },
    start: '2024-05-06T05:08:08.500000Z',
    end: '2024-05-06T05:08:08.531000Z',
    event: {
      actor: '198.51.100.7',
      message: 'GET /missing → 404',
      extra: { syslog_host: 'lb1', syslog_pid: '4242', frontend: 'www' },
    },
  },
  {
    name: 'Amazon S3 server access log: time received plus total_time',
    line: '79a59df900b949e55d96a1e698fbacedfd6e09d98eacf8f8d5218e7cd47ef2be awsexamplebucket1 [06/Feb/2019:00:00:38 +0000] 192.0.2.3 79a59df900b949e55d96a1e698fbacedfd6e09d98eacf8f8d5218e7cd47ef2be 3E57427F3EXAMPLE REST.GET.VERSIONING - "GET /awsexamplebucket1?versioning HTTP/1.1" 200 - 113 - 7 - "-" "S3Console/0.4" - s9lzHYrFp76ZVxRcpX9+5cjAnEH2ROuNkd2BHfIa6UkFVdtjf5mKR3/eTPFvsiP/XV/VLi31234= SigV2 ECDHE-RSA-AES128-GCM-SHA256 AuthHeader awsexamplebucket1.s3.us-west-1.amazonaws.com TLSV1.2 arn:aws:s3:us-west-1:123456789012:accesspoint/example-AP Yes',
    start: '2019-02-06T00:00:38.000000Z',
    end: '2019-02-06T00:00:38.007000Z',
    event: {
      actor: '192.0.2.3',
      message: 'REST.GET.VERSIONING GET /awsexamplebucket1?versioning → 200',
      extra: {
        bucket: 'awsexamplebucket1',
        bytes_sent: 113,
        object_size: '-',
        user_agent: 'S3Console/0.4',
        tls_version: 'TLSV1.2',
        acl_required: 'Yes',
      },
    },
  },
  {
    name: 'nginx through syslog: the access line after the prefix, its own offset kept',
    line: 'Jan  2 03:04:06 web1 nginx: 203.0.113.9 - - [02/Jan/2024:04:04:05 +0100] "GET /health HTTP/1.1" 200 2 "-" "kube-probe/1.29"',
    settings: { timeZone: 'UTC', year: 2024 },
    start: '2024-01-02T03:04:05.000000Z',
    event: {
      actor: '203.0.113.9',
      message: 'GET /health → 200',
      extra: { syslog_host: 'web1', syslog_program: 'nginx' },
    },
  },
  {
    name: 'HAProxy httpslog: TLS fields after the request stay out of the message',
    line: '10.0.0.5:51234 [06/May/2024:07:08:08.500] https_in~ app/web1 0/0/1/2/3 200 512 - - ---- 1/1/0/0/0 0/0 "GET /x HTTP/1.1" 0/0/0/0/0 example.com/TLSv1.3/TLS_AES_256_GCM_SHA384',
    event: {
      message: 'GET /x → 200',
      extra: { request: 'GET /x HTTP/1.1', after_request: '0/0/0/0/0 example.com/TLSv1.3/TLS_AES_256_GCM_SHA384' },
    },
  },
];

describe('access logs from other producers', () => {
  it.each(ONE_LINE_CASES)('$name', async ({ line, settings, start, end, event }) => {
    const { records } = await run(line, settings);
    const record = records[0]!;
    expect({ ...record, start: iso(record.startMicros), end: iso(record.endMicros) }).toMatchObject({
      ...event,
      ...(start && { start }),
      ...(end && { end }),
    });
  });

  it('Squid native: written at the end, elapsed ms back to the start', async () => {
    const text = [
      ' 979992041.366    502 192.168.1.160 TCP_IMS_HIT/304 216 GET http://example.com/home2.html - NONE/- text/html',
      '1286536308.779    180 192.168.0.224 TCP_MISS/200 411 CONNECT www.google.com:443 alice DIRECT/74.125.43.99 -',
    ].join('\n');
    const { records, summary } = await run(text);
    expect(iso(records[0]!.startMicros)).toBe('2001-01-20T12:00:40.864000Z');
    expect(iso(records[0]!.endMicros)).toBe('2001-01-20T12:00:41.366000Z');
    expect(records[0]).toMatchObject({
      actor: '192.168.1.160',
      message: 'GET http://example.com/home2.html → 304 (TCP_IMS_HIT)',
      extra: { content_type: 'text/html' },
    });
    expect(iso(records[1]!.endMicros)).toBe('2010-10-08T11:11:48.779000Z');
    expect(records[1]).toMatchObject({
      message: 'CONNECT www.google.com:443 → 200 (TCP_MISS)',
      extra: { user: 'alice', peer: '74.125.43.99' },
    });
    expect(summary.notes).toContain('Lines read: 2 Squid native');
  });

  it('a truncated line and a bad date are invalid rows with the line and a reason; the rest imports', async () => {
    const text = [
      '10.0.0.9 - - [13/Jan/2016:19:31:16 +0000] "GET /index.html HTTP/1.1" 200 12',
      '10.0.0.9 - - [13/Jan/2016:19:31:17 +0000] "GET /ind',
      '10.0.0.9 - - [31/Feb/2016:19:31:18 +0000] "GET / HTTP/1.1" 200 12',
    ].join('\n');
    const { records, invalid } = await run(text);
    expect(records).toHaveLength(1);
    expect(invalid[0]!.line).toBe(2);
    expect(invalid[0]!.reason).toMatch(
      /^line 2: "10\.0\.0\.9 - - \[13\/Jan\/2016:19:31:17 \+0000\] "GET \/ind" is not an access log line \(expected an Apache\/nginx line/,
    );
    expect(invalid[1]).toEqual({
      line: 3,
      reason:
        'line 3, field "time": "31/Feb/2016:19:31:18 +0000" is not a date (expected day/Mon/year:hour:minute:second ±zone, e.g. 13/Jan/2016:19:31:20 +0200)',
    });
  });

  it('refuses a file in which no line reads', async () => {
    await expect(run('hello\nworld\n')).rejects.toThrow(/No line of the file is an access log line/);
  });
});
