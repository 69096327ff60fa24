/*
 * Samples of the delimited, JSON and HAR families: TSV and CSV as spreadsheets and tools export them,
 * Timesketch, JSON Lines of an application, Docker json-file, Kubernetes CRI, journald
 * (journalctl -o json), an Azure-style top-level array, CloudTrail as delivered ({"Records": [...]})
 * and a HAR 1.2 capture.
 */
import {
  AGENTS,
  HOSTS,
  UUID,
  USERS,
  dateOf,
  ip,
  iso,
  lineSample,
  micros,
  path,
  pick,
  SECOND,
  type FamilySample,
} from './family-sample-values.ts';

const METHODS = ['GET', 'GET', 'GET', 'POST', 'PUT', 'DELETE'];
const STATUSES = [200, 200, 200, 304, 404, 500, 201];
const LEVELS = ['info', 'info', 'info', 'debug', 'warn', 'error'];
const EVENTS = ['GetObject', 'PutObject', 'AssumeRole', 'ConsoleLogin', 'DescribeInstances', 'CreateAccessKey'];
const SOURCES = [
  's3.amazonaws.com',
  's3.amazonaws.com',
  'sts.amazonaws.com',
  'signin.amazonaws.com',
  'ec2.amazonaws.com',
  'iam.amazonaws.com',
];
const json = JSON.stringify;

function cloudTrailEvent(i: number): string {
  return json({
    eventVersion: '1.08',
    userIdentity: {
      type: 'IAMUser',
      principalId: `AIDA${(i % 9000) + 1000}EXAMPLE`,
      arn: `arn:aws:iam::123456789012:user/${pick(USERS, i)}`,
      accountId: '123456789012',
      userName: pick(USERS, i),
    },
    eventTime: iso(i, 0),
    eventSource: pick(SOURCES, i),
    eventName: pick(EVENTS, i),
    awsRegion: i % 5 === 0 ? 'eu-west-1' : 'us-east-1',
    sourceIPAddress: ip(i),
    userAgent: pick(AGENTS, i),
    requestParameters: { bucketName: `evidence-${i % 7}`, key: `exports/${i}.json` },
    responseElements: null,
    requestID: UUID(i).slice(0, 18).toUpperCase(),
    eventID: UUID(i),
    readOnly: i % 3 !== 1,
    eventType: 'AwsApiCall',
    recipientAccountId: '123456789012',
  });
}

function harEntry(i: number): string {
  const status = pick(STATUSES, i);
  const url = `https://${pick(['app', 'api', 'cdn'], i)}.example.com${path(i)}`;
  return json({
    startedDateTime: iso(i, 3),
    time: 20 + (i % 480),
    request: {
      method: pick(METHODS, i),
      url,
      httpVersion: 'HTTP/2',
      headers: [
        { name: 'user-agent', value: pick(AGENTS, i) },
        { name: 'accept', value: 'application/json' },
      ],
      queryString: [],
      cookies: [],
      headersSize: -1,
      bodySize: 0,
    },
    response: {
      status,
      statusText: status === 200 ? 'OK' : '',
      httpVersion: 'HTTP/2',
      headers: [{ name: 'content-type', value: 'application/json; charset=utf-8' }],
      cookies: [],
      content: { size: 200 + (i % 5000), mimeType: 'application/json' },
      redirectURL: '',
      headersSize: -1,
      bodySize: 200 + (i % 5000),
    },
    cache: {},
    timings: { blocked: 1.2, dns: -1, ssl: -1, connect: -1, send: 0.1, wait: 18 + (i % 400), receive: 1.4 },
    serverIPAddress: `93.184.${i % 250}.${(i * 3) % 250}`,
    connection: String(443 + (i % 40)),
    pageref: 'page_1',
  });
}

export const STRUCTURED_FAMILY_SAMPLES: readonly FamilySample[] = [
  lineSample({
    family: 'TSV (tab, header row)',
    fileName: 'proxy-export.tsv',
    kind: 'events',
    resolutionMicros: 1,
    baseline: { kind: 'papaparse', delimiter: '\t' },
    head: 'time\thost\tuser\tmessage\tstatus\tbytes\n',
    line: (i) =>
      `${iso(i, 6)}\t${pick(HOSTS, i)}\t${pick(USERS, i * 7)}\t${pick(METHODS, i)} ${path(i)} from ${ip(i)}\t${pick(STATUSES, i)}\t${(i * 37) % 90_000}\n`,
  }),
  lineSample({
    family: 'CSV (comma, quoted fields)',
    fileName: 'audit-export.csv',
    kind: 'events',
    resolutionMicros: 1000,
    baseline: { kind: 'papaparse', delimiter: ',' },
    head: 'Timestamp,Host,User,Action,Details\r\n',
    line: (i) =>
      `${iso(i, 3, '', ' ')},${pick(HOSTS, i)},${pick(USERS, i * 5)},${pick(EVENTS, i)},"${i % 11 === 0 ? 'said ""retry"", then ' : ''}${pick(METHODS, i)} ${path(i)}, ${pick(STATUSES, i)}"\r\n`,
  }),
  lineSample({
    family: 'Timesketch CSV',
    fileName: 'timeline.csv',
    kind: 'events',
    resolutionMicros: 1,
    baseline: { kind: 'papaparse', delimiter: ',' },
    head: 'message,datetime,timestamp_desc,timestamp,hostname,username\n',
    line: (i) =>
      `"${pick(EVENTS, i)} by ${pick(USERS, i)} on ${pick(HOSTS, i)}",${iso(i, 6, '+00:00')},Event Recorded,${micros(i)},${pick(HOSTS, i)},${pick(USERS, i)}\n`,
  }),
  lineSample({
    family: 'JSON Lines (application log)',
    fileName: 'app.jsonl',
    kind: 'events',
    resolutionMicros: 1000,
    baseline: { kind: 'json-per-line' },
    line: (i) =>
      `${json({ time: iso(i, 3), level: pick(LEVELS, i), host: pick(HOSTS, i), msg: `${pick(METHODS, i)} ${path(i)} ${pick(STATUSES, i)}`, req: { id: UUID(i), ip: ip(i), ms: i % 900 }, user: pick(USERS, i * 3) })}\n`,
  }),
  lineSample({
    family: 'Timesketch JSON Lines',
    fileName: 'timeline.jsonl',
    kind: 'events',
    resolutionMicros: 1,
    baseline: { kind: 'json-per-line' },
    line: (i) =>
      `${json({ message: `${pick(EVENTS, i)} by ${pick(USERS, i)}`, datetime: iso(i, 6, '+00:00'), timestamp_desc: 'Event Recorded', timestamp: micros(i), hostname: pick(HOSTS, i) })}\n`,
  }),
  lineSample({
    family: 'Docker json-file',
    fileName: 'container-json.log',
    kind: 'events',
    resolutionMicros: 1,
    baseline: { kind: 'json-per-line' },
    line: (i) =>
      `${json({ log: `${ip(i)} - - "${pick(METHODS, i)} ${path(i)} HTTP/1.1" ${pick(STATUSES, i)} ${(i * 37) % 9000}\n`, stream: i % 9 === 0 ? 'stderr' : 'stdout', time: iso(i, 9) })}\n`,
  }),
  lineSample({
    family: 'Kubernetes CRI',
    fileName: 'kube-apiserver-0.log',
    kind: 'events',
    resolutionMicros: 1,
    baseline: { kind: 'regex-per-line', pattern: /^(\S+) (stdout|stderr) ([PF]) (.*)$/ },
    // Every 25th message arrives as a partial (P) and its end (F), as the kubelet splits long lines.
    line: (i) =>
      i % 25 === 0
        ? `${iso(i, 9)} stdout P {"level":"info","ts":${micros(i) / SECOND},"msg":"watch chan error: etcdserver: mvcc: required revision has been compacted, retrying the ` +
          `\n${iso(i, 9)} stdout F request for ${path(i)} from ${pick(USERS, i)}"}\n`
        : `${iso(i, 9)} ${i % 9 === 0 ? 'stderr' : 'stdout'} F I${pick(['1231', '0101'], dateOf(i).getUTCDate() === 31 ? 0 : 1)} handler.go:153] ${pick(HOSTS, i)}: ${pick(METHODS, i)} ${path(i)}: (${i % 900}ms) ${pick(STATUSES, i)}\n`,
  }),
  lineSample({
    family: 'journald (journalctl -o json)',
    fileName: 'journal.json',
    kind: 'events',
    resolutionMicros: 1,
    baseline: { kind: 'json-per-line' },
    line: (i) =>
      `${json({
        __CURSOR: `s=e991dd57;i=${i.toString(16)};b=0dc874d3;m=${(i * 1000).toString(16)};t=${micros(i).toString(16)}`,
        __REALTIME_TIMESTAMP: String(micros(i)),
        __MONOTONIC_TIMESTAMP: String(38_708_007 + i * 137_417),
        _BOOT_ID: '0dc874d3fbd44bdbb6fbcfaa27481492',
        PRIORITY: String(3 + (i % 4)),
        _HOSTNAME: pick(HOSTS, i),
        SYSLOG_FACILITY: '4',
        _UID: '0',
        _GID: '0',
        _TRANSPORT: 'syslog',
        SYSLOG_IDENTIFIER: pick(['sshd', 'sudo', 'systemd', 'cron', 'kernel'], i),
        _PID: String(1000 + (i % 4000)),
        MESSAGE: `Accepted publickey for ${pick(USERS, i)} from ${ip(i)} port ${40_000 + (i % 20_000)} ssh2`,
      })}\n`,
  }),
  {
    family: 'JSON array (Azure activity)',
    fileName: 'activity-log.json',
    kind: 'events',
    streaming: true,
    recordsPerBlock: 1,
    resolutionMicros: 1,
    baseline: { kind: 'json-document' },
    head: '[',
    tail: '\n]\n',
    block: (i) =>
      `${i === 0 ? '' : ','}\n  ${json({
        eventTimestamp: iso(i, 7),
        caller: `${pick(USERS, i)}@contoso.com`,
        operationName: {
          value: 'Microsoft.Compute/virtualMachines/write',
          localizedValue: 'Create or Update Virtual Machine',
        },
        resourceGroupName: `rg-${i % 13}`,
        status: { value: i % 4 === 0 ? 'Started' : 'Succeeded' },
        correlationId: UUID(i),
        level: 'Informational',
        httpRequest: { clientIpAddress: ip(i), method: 'PUT' },
      })}`,
  },
  {
    family: 'CloudTrail {"Records": [...]}',
    fileName: '123456789012_CloudTrail_us-east-1_20251231T2000Z_a1b2.json',
    kind: 'events',
    streaming: true,
    recordsPerBlock: 1,
    resolutionMicros: SECOND,
    baseline: { kind: 'json-document' },
    head: '{"Records":[',
    tail: ']}\n',
    block: (i) => `${i === 0 ? '' : ','}${cloudTrailEvent(i)}`,
  },
  {
    family: 'HAR 1.2',
    fileName: 'capture.har',
    kind: 'events',
    streaming: true,
    recordsPerBlock: 1,
    resolutionMicros: 1000,
    baseline: { kind: 'json-document' },
    head: `{"log":{"version":"1.2","creator":{"name":"WebInspector","version":"537.36"},"pages":[{"startedDateTime":"${iso(0, 3)}","id":"page_1","title":"https://app.example.com/","pageTimings":{"onContentLoad":812,"onLoad":1204}}],"entries":[\n`,
    tail: '\n]}}\n',
    block: (i) => `${i === 0 ? '' : ',\n'}${harEntry(i)}`,
  },
];
