/*
 * JSON documents that wrap their records: each document (a line, or documents run together) holds the
 * timed records in an array of its own, deeper than a top-level "Records". Excerpts of real payloads.
 */
import { describe, expect, it } from 'vitest';
import { importDetected } from '../../tests/support/import-detected.ts';
import { timeActorMessage } from './time-actor-message.ts';

const otlpRequest = (service: string, records: object[]) => ({
  resourceLogs: [
    {
      resource: { attributes: [{ key: 'service.name', value: { stringValue: service } }] },
      scopeLogs: [{ scope: { name: 'app' }, logRecords: records }],
    },
  ],
});

const batchStream = 'environment--app/11111111-2222-3333-4444-555566667777/88889999-0000-aaa-bbbb-ccccddddeeee';
// CloudWatch Logs subscription payloads (a vpcflowlog stream and a Batch job's, as public tests quote them).
const cloudwatchPayloads = [
  {
    messageType: 'DATA_MESSAGE',
    owner: '123456789012',
    logGroup: 'vpcflowlog',
    logStream: 'eni-123',
    subscriptionFilters: ['CloudBender_Mgmt'],
    logEvents: [
      {
        id: '34622050453399460077466588752684659904424057309929734144',
        timestamp: 1552506436228,
        message:
          '2 747836459185 eni-033856bc201b3773b 10.10.0.227 10.3.9.111 443 52866 6 2 135 1563806853 1563806911 ACCEPT OK',
      },
    ],
  },
  {
    messageType: 'DATA_MESSAGE',
    owner: '123456789012',
    logGroup: '/aws/batch/job',
    logStream: batchStream,
    subscriptionFilters: ['MySubscriptionFilter'],
    logEvents: [
      {
        id: '33418742379011144044923130086453437181614530551221780480',
        timestamp: 1498548236012,
        message: 'some log line',
      },
      {
        id: '33418742387663833181953011865369295871402094815542181889',
        timestamp: 1498548236400,
        message: '2017/06/27 07:23:56 Another log line',
      },
    ],
  },
];
const cloudwatchRows = [
  [
    '2019-03-13T19:47:16.228Z',
    'eni-123',
    '2 747836459185 eni-033856bc201b3773b 10.10.0.227 10.3.9.111 443 52866 6 2 135 1563806853 1563806911 ACCEPT OK',
  ],
  ['2017-06-27T07:23:56.012Z', batchStream, 'some log line'],
  ['2017-06-27T07:23:56.400Z', batchStream, '2017/06/27 07:23:56 Another log line'],
];

describe('JSON documents holding their records in an inner array', () => {
  it('OpenTelemetry OTLP/JSON, a request per line (the Java agent’s and a collector’s file output): timeUnixNano, body.stringValue, the resource’s service.name', async () => {
    const text = [
      otlpRequest('checkout', [
        {
          timeUnixNano: '1730435085776869000',
          observedTimeUnixNano: '1730435085776944000',
          severityNumber: 9,
          severityText: 'INFO',
          body: { stringValue: 'Order order-12035 successfully placed' },
          traceId: '42de1f0dd124e27619a9f3c10bccac1c',
        },
      ]),
      otlpRequest('curl-demo', [
        { timeUnixNano: '1704067200000000000', severityText: 'INFO', body: { stringValue: 'hello from curl' } },
      ]),
    ]
      .map((request) => JSON.stringify(request))
      .join('\n');
    const run = await importDetected(text, 'app.otlpjson.log');
    expect(run.detection.reason).toMatch(
      /^JSON documents one per line, each holding records in its "resourceLogs\.\*\.scopeLogs\.\*\.logRecords" array \(2 sampled\); start time "timeUnixNano" \(named like a time\): epoch nanoseconds in 2 of 2 records; actor "service\.name" \(2 distinct values in 2 records\); message "body\.stringValue"/,
    );
    expect(run.invalid).toEqual([]);
    expect(timeActorMessage(run.records)).toEqual([
      ['2024-11-01T04:24:45.776Z', 'checkout', 'Order order-12035 successfully placed'],
      ['2024-01-01T00:00:00.000Z', 'curl-demo', 'hello from curl'],
    ]);
    // Nanoseconds kept to the microsecond, not rounded to the millisecond.
    expect(run.records[0]?.startMicros).toBe(1_730_435_085_776_869);
  });

  it('OpenTelemetry OTLP/JSON, one pretty-printed request (opentelemetry-proto examples/logs.json): the records six levels down (the resource around them not read: one document is streamed)', async () => {
    const text = JSON.stringify(
      otlpRequest('my.service', [
        {
          timeUnixNano: 1544712660300000000,
          severityText: 'Information',
          body: { stringValue: 'Example log record' },
        },
      ]),
      null,
      2,
    );
    const run = await importDetected(text, 'logs.json');
    expect(run.detection.reason).toMatch(/^A JSON document whose "resourceLogs\.\*\.scopeLogs\.\*\.logRecords" array/);
    expect(timeActorMessage(run.records)).toEqual([['2018-12-13T14:51:00.300Z', '', 'Example log record']]);
  });

  it('CloudWatch Logs subscription payloads one per line: the logEvents of each, their logStream the actor, a line that is no JSON an invalid row', async () => {
    const [first, second] = cloudwatchPayloads.map((p) => JSON.stringify(p));
    const run = await importDetected(
      `${first}\n{"messageType":"DATA_MESS\n${second}\n{"owner":"1"}\n`,
      'payloads.jsonl',
    );
    expect(run.settings).toMatchObject({ container: 'lines', recordsPath: 'logEvents' });
    expect(timeActorMessage(run.records)).toEqual(cloudwatchRows);
    expect(run.invalid.map(({ line }) => line)).toEqual([2, 4]);
    expect(run.invalid[1]?.reason).toBe('this JSON document has no "logEvents" array: no record read from it');
  });

  it('CloudWatch Logs payloads run together with nothing between them (as Firehose writes them to S3)', async () => {
    const run = await importDetected(cloudwatchPayloads.map((p) => JSON.stringify(p)).join(''), 'firehose-object');
    expect(run.detection.reason).toMatch(
      /^JSON documents one after another, each holding records in its "logEvents" array/,
    );
    expect(timeActorMessage(run.records)).toEqual(cloudwatchRows);
  });

  it('a broken document after good ones is one invalid row with its line, not a refused file', async () => {
    const good = cloudwatchPayloads.map((p) => JSON.stringify(p)).join('\n');
    const run = await importDetected(
      `${good}\n{"messageType":"DATA_MESSAGE","logEvents":[{"timestamp":1,`,
      'payloads.jsonl',
    );
    expect(run.records).toHaveLength(3);
    expect(run.invalid).toHaveLength(1);
    expect(run.invalid[0]?.line).toBe(3);
  });

  it('lines that are records with a time of their own stay JSON Lines, their arrays left inside them', async () => {
    const text = [
      { time: '2024-05-01T10:00:00Z', msg: 'batch done', items: [{ timestamp: 1714557600000, id: 'a' }] },
      { time: '2024-05-01T10:00:05Z', msg: 'batch done', items: [{ timestamp: 1714557605000, id: 'b' }] },
    ]
      .map((line) => JSON.stringify(line))
      .join('\n');
    const run = await importDetected(text, 'app.log');
    expect(run.settings).toMatchObject({ container: 'lines', fields: { startTime: 'time' } });
    expect(run.records).toHaveLength(2);
  });
});
