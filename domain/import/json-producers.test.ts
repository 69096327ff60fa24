/*
 * Field choice on JSON logs of producers the fixtures lack, written from their documentation:
 * which field is the time, the actor and the message, decided from names checked against values.
 */
import { timeActorMessage } from './time-actor-message.ts';
import { describe, expect, it } from 'vitest';
import { importDetected } from '../../tests/support/import-detected.ts';
import { detectFormat } from './detect-format.ts';

const encode = (text: string) => new TextEncoder().encode(text);
const iso = (micros: number) => new Date(Math.floor(micros / 1000)).toISOString();
const lines = (...objects: object[]) => objects.map((object) => JSON.stringify(object)).join('\n');

const importText = (text: string) => importDetected(text, 'events.json');

describe('JSON logs of other producers', () => {
  it('pino: "msg" in every line is the message, not the "err.message" of the lines with an error', async () => {
    const run = await importText(
      lines(
        { level: 30, time: 1704190272123, pid: 4242, hostname: 'api-1', msg: 'server listening' },
        {
          level: 50,
          time: 1704190275000,
          pid: 4242,
          hostname: 'api-1',
          err: { type: 'Error', message: 'boom' },
          msg: 'request failed',
        },
      ),
    );
    expect(run.settings).toMatchObject({ fields: { startTime: 'time', actor: 'hostname', message: 'msg' } });
    expect(timeActorMessage(run.records)).toEqual([
      ['2024-01-02T10:11:12.123Z', 'api-1', 'server listening'],
      ['2024-01-02T10:11:15.000Z', 'api-1', 'request failed'],
    ]);
  });

  it('Okta System Log: published, actor.alternateId, displayMessage', async () => {
    const event = (at: string, who: string, what: string) => ({
      uuid: 'b1',
      published: at,
      eventType: 'user.session.start',
      displayMessage: what,
      severity: 'INFO',
      actor: { id: '00u1', type: 'User', alternateId: who, displayName: 'Someone' },
      client: { ipAddress: '198.51.100.7' },
    });
    const run = await importText(
      lines(
        event('2024-02-01T08:00:00.123Z', 'ana@example.com', 'User login to Okta'),
        event('2024-02-01T08:01:00.000Z', 'ben@example.com', 'User logout'),
      ),
    );
    expect(run.settings).toMatchObject({
      fields: { startTime: 'published', actor: 'actor.alternateId', message: 'displayMessage' },
    });
    expect(timeActorMessage(run.records)).toEqual([
      ['2024-02-01T08:00:00.123Z', 'ana@example.com', 'User login to Okta'],
      ['2024-02-01T08:01:00.000Z', 'ben@example.com', 'User logout'],
    ]);
  });

  it('Kubernetes audit: a time name no list holds (requestReceivedTimestamp), user.username, the verb', async () => {
    const event = (at: string, verb: string) => ({
      kind: 'Event',
      level: 'Metadata',
      auditID: 'a-1',
      stage: 'ResponseComplete',
      requestURI: '/api/v1/namespaces/default/pods',
      verb,
      user: { username: 'system:serviceaccount:kube-system:deployer', groups: ['system:serviceaccounts'] },
      requestReceivedTimestamp: at,
      stageTimestamp: at.replace('.100000Z', '.200000Z'),
    });
    const run = await importText(
      lines(event('2024-02-01T09:00:00.100000Z', 'create'), event('2024-02-01T09:00:01.100000Z', 'delete')),
    );
    expect(run.settings).toMatchObject({
      fields: { startTime: 'requestReceivedTimestamp', actor: 'user.username', message: 'verb' },
    });
    expect(run.records.map((record) => iso(record.startMicros))).toEqual([
      '2024-02-01T09:00:00.100Z',
      '2024-02-01T09:00:01.100Z',
    ]);
  });

  it('pino: epoch-ms time, hostname, msg; journald: a message that is not UTF-8 comes as its bytes', async () => {
    const pino = await importText(
      lines(
        { level: 30, time: 1706774400000, pid: 7, hostname: 'api-1', msg: 'listening' },
        { level: 50, time: 1706774401500, pid: 7, hostname: 'api-1', msg: 'crashed' },
      ),
    );
    expect(timeActorMessage(pino.records)).toEqual([
      ['2024-02-01T08:00:00.000Z', 'api-1', 'listening'],
      ['2024-02-01T08:00:01.500Z', 'api-1', 'crashed'],
    ]);
    const journald = await importText(
      lines({ __REALTIME_TIMESTAMP: '1706774400000000', _HOSTNAME: 'box', MESSAGE: [104, 105, 0xc3, 0xa9] }),
    );
    expect(journald.records[0]).toMatchObject({ actor: 'box', message: 'hié' });
  });

  it('nested Windows events: a time named at depth 4, and a summary when no field is a message', async () => {
    const event = (at: string, id: number) => ({
      Event: { System: { EventID: id, Computer: 'WKS-1', TimeCreated: { '#attributes': { SystemTime: at } } } },
    });
    const run = await importText(lines(event('2024-02-01T10:00:00.5Z', 4624), event('2024-02-01T10:00:02Z', 4634)));
    expect(run.detection.reason).toMatch(
      /start time "Event\.System\.TimeCreated\.#attributes\.SystemTime" \(named like a time\).*no message field: a summary/,
    );
    expect(timeActorMessage(run.records)).toEqual([
      ['2024-02-01T10:00:00.500Z', 'WKS-1', 'EventID=4624'],
      ['2024-02-01T10:00:02.000Z', 'WKS-1', 'EventID=4634'],
    ]);
  });

  it('a numeric field that merely looks like an epoch loses to a field named like a time', async () => {
    const run = await importText(
      lines(
        { bytes: 1700000000, when: 'x', created_at: '2024-02-01 10:00:00Z', user: 'ana', msg: 'a' },
        { bytes: 1700000500, created_at: '2024-02-01 10:00:09Z', user: 'ana', msg: 'b' },
      ),
    );
    expect(run.settings).toMatchObject({ fields: { startTime: 'created_at' } });
  });
});

describe('what is not JSON records', () => {
  it('leaves bracketed log lines and brace-led text to the other detectors', () => {
    const bracketed = detectFormat(
      encode('[2024-01-02 03:04:05] INFO started\n[2024-01-02 03:04:06] WARN slow\n'),
      'app.log',
    );
    expect(bracketed.format).not.toBe('jsonl');
    expect(bracketed.reason).not.toMatch(/JSON/);
    expect(detectFormat(encode('{main} starting worker 3\n{main} worker 3 ready\n'), 'app.log').reason).not.toMatch(
      /JSON/,
    );
  });

  it('reads one pretty-printed record that holds a list of objects as one record, not the list', async () => {
    const text = JSON.stringify(
      { time: '2024-02-01T10:00:00Z', user: 'ana', message: 'deploy', steps: [{ name: 'build' }, { name: 'push' }] },
      null,
      2,
    );
    const run = await importText(text);
    expect(run.settings).toMatchObject({ container: 'values' });
    expect(timeActorMessage(run.records)).toEqual([['2024-02-01T10:00:00.000Z', 'ana', 'deploy']]);
  });
});

describe('records deeper in a document', () => {
  it('an Elasticsearch answer: the records are hits.hits, their fields under _source', async () => {
    const hit = (at: string, host: string, message: string) => ({
      _index: 'logs',
      _id: at,
      _source: { '@timestamp': at, host: { name: host }, message },
    });
    const text = JSON.stringify(
      {
        took: 3,
        hits: {
          total: { value: 2 },
          hits: [hit('2024-02-01T10:00:00.000Z', 'web-1', 'GET /'), hit('2024-02-01T10:00:01.000Z', 'web-2', 'GET /a')],
        },
      },
      null,
      2,
    );
    const run = await importText(text);
    expect(run.settings).toMatchObject({
      container: 'array',
      recordsPath: 'hits.hits',
      fields: { startTime: '_source.@timestamp', actor: '_source.host.name', message: '_source.message' },
    });
    expect(timeActorMessage(run.records)).toEqual([
      ['2024-02-01T10:00:00.000Z', 'web-1', 'GET /'],
      ['2024-02-01T10:00:01.000Z', 'web-2', 'GET /a'],
    ]);
  });

  it("Google Cloud Logging export mixing textPayload and jsonPayload entries: each entry says its own payload's text", async () => {
    // LogEntry records as a GCP-to-LogicMonitor forwarder's tests quote them (a GKE container, a VM's syslog agent).
    const run = await importText(
      lines(
        {
          insertId: '1gq003wg20ln6hz',
          logName: 'projects/kubernetes-1aee/logs/grafana',
          receiveTimestamp: '2020-09-07T14:36:53.106167446Z',
          resource: { labels: { cluster_name: 'gke', container_name: 'grafana' }, type: 'container' },
          severity: 'INFO',
          textPayload: 't=2020-09-07T14:36:48+0000 lvl=eror msg="Alert Rule Result Error"\n',
          timestamp: '2020-09-07T14:36:48.03093257Z',
        },
        {
          insertId: '7vo7e1vjzmchai2al',
          jsonPayload: {
            host: 'deploy-2',
            ident: 'snmpd',
            message: 'Connection from UDP: [10.164.0.250]:49103->[10.164.0.242]:161',
            pid: '3537',
          },
          logName: 'projects/kubernetes-1aee/logs/syslog',
          receiveTimestamp: '2020-09-09T12:45:36.594149653Z',
          resource: { labels: { instance_id: '1803528268121191437' }, type: 'gce_instance' },
          timestamp: '2020-09-09T12:45:34Z',
        },
      ),
    );
    expect(run.settings).toMatchObject({ fields: { startTime: 'timestamp' } });
    expect(run.records.map((record) => [iso(record.startMicros), record.message])).toEqual([
      ['2020-09-07T14:36:48.030Z', 't=2020-09-07T14:36:48+0000 lvl=eror msg="Alert Rule Result Error"'],
      ['2020-09-09T12:45:34.000Z', 'Connection from UDP: [10.164.0.250]:49103->[10.164.0.242]:161'],
    ]);
  });
});
