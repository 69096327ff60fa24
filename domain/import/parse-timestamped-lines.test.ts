/*
 * Text logs whose lines start with a time, written after each producer's documented format: nginx's
 * error_log, Apache 2.4's ErrorLogFormat default, PostgreSQL's log_line_prefix '%m [%p] ', log4j's
 * PatternLayout with a stack trace, Python logging's default with a traceback, Windows CBS.log.
 * Expected instants worked out by hand from the lines.
 */
import { describe, expect, it } from 'vitest';
import { importDetected, isoOfMicros } from '../../tests/support/import-detected.ts';
import { exampleInput, itReadsEachExample } from '../../tests/support/example-cases.ts';
import { detectFormat } from './detect-format.ts';
import { levelOf } from './log-level.ts';
import { collectImport } from './collect-import.ts';
import { settingsFromDetection, withDefaultRecordingStart } from './import-settings.ts';
import { parseImport } from './parse-import.ts';

async function read(text: string | Uint8Array, fileName: string, zone = 'UTC') {
  const { detection, invalid, records } = await importDetected(text, fileName, zone);
  return {
    detection,
    invalid,
    rows: records.map((r) => ({ at: isoOfMicros(r.startMicros), message: r.message, level: r.extra['level'] })),
  };
}

describe('text logs: lines that start with a time', () => {
  it('nginx error log: "2024/01/02 07:41:03 [error] …", read in the analyst zone, level kept', async () => {
    const log = [
      '2024/01/02 07:41:03 [error] 1234#1234: *5 open() "/usr/share/nginx/html/favicon.ico" failed (2: No such file or directory), client: 10.0.0.5, server: localhost',
      '2024/01/02 07:41:07 [warn] 1234#1234: *6 an upstream response is buffered to a temporary file, client: 10.0.0.6, server: localhost',
      '2024/01/02 07:42:11 [crit] 1235#1235: *9 SSL_do_handshake() failed, client: 10.0.0.7, server: 0.0.0.0:443',
    ].join('\n');
    const { detection, rows } = await read(log, 'error.log', 'Europe/Berlin');
    expect(detection.reason).toMatch(/^A text log: 3 of 3 lines start with a time/);
    // 07:41:03 in Berlin (UTC+1 in January) is 06:41:03Z.
    expect(rows.map((row) => row.at)).toEqual([
      '2024-01-02T06:41:03.000Z',
      '2024-01-02T06:41:07.000Z',
      '2024-01-02T06:42:11.000Z',
    ]);
    expect(rows.map((row) => row.level)).toEqual(['error', 'warn', 'crit']);
    expect(rows[0]?.message.startsWith('[error] 1234#1234: *5 open()')).toBe(true);
  });

  it('PostgreSQL: the zone written after the time belongs to it, whatever zone the analyst is in', async () => {
    const log = [
      '2024-01-02 07:41:03.515 UTC [1234] LOG:  database system is ready to accept connections',
      '2024-01-02 07:41:09.002 UTC [1240] postgres@app ERROR:  relation "users" does not exist at character 15',
      '2024-01-02 07:41:09.002 UTC [1240] postgres@app STATEMENT:  SELECT * FROM users;',
    ].join('\n');
    const { rows } = await read(log, 'postgresql-2024-01-02.log', 'America/New_York');
    expect(rows.map((row) => row.at)).toEqual([
      '2024-01-02T07:41:03.515Z',
      '2024-01-02T07:41:09.002Z',
      '2024-01-02T07:41:09.002Z',
    ]);
    expect(rows[0]?.message).toBe('[1234] LOG:  database system is ready to accept connections');
    expect(rows[1]?.level).toBe('error');
  });

  it("RDS PostgreSQL's '%t:…' prefix: the zone glued to the client by a colon is the time's, whatever zone the analyst is in", async () => {
    const log = [
      '2024-03-05 12:00:01 UTC:10.0.0.1(5432):appuser@orders:[123]:ERROR:  duplicate key value violates unique constraint "orders_pkey"',
      '2024-03-05 12:00:30 UTC::@:[77]:LOG:  checkpoint starting: time',
    ].join('\n');
    const { detection, rows } = await read(log, 'postgresql.log.2024-03-05-12', 'America/New_York');
    expect(detection.reason).toContain('a time (2 words and its zone, joined to what follows by a colon)');
    expect(rows.map((row) => row.at)).toEqual(['2024-03-05T12:00:01.000Z', '2024-03-05T12:00:30.000Z']);
    expect(rows[0]?.message).toBe(
      '10.0.0.1(5432):appuser@orders:[123]:ERROR:  duplicate key value violates unique constraint "orders_pkey"',
    );
    expect(rows[0]?.level).toBe('error');
  });

  it.each([
    [
      "Debian's '%m [%p] %q%u@%d '",
      [
        '2024-01-02 07:41:02.000 UTC [1239] [unknown]@[unknown] LOG:  connection received: host=10.0.0.9 port=51234',
        '2024-01-02 07:41:09.002 UTC [1240] alice@app ERROR:  relation "users" does not exist at character 15',
        '2024-01-02 07:41:09.002 UTC [1240] alice@app STATEMENT:  SELECT * FROM users;',
        '2024-01-02 07:41:10.000 UTC [99] LOG:  checkpoint starting: time',
      ],
    ],
    [
      "RDS's '%t:%r:%u@%d:[%p]:'",
      [
        '2024-01-02 07:41:02 UTC::@:[1239]:LOG:  connection received: host=10.0.0.9 port=51234',
        '2024-01-02 07:41:09 UTC:10.0.0.5(51234):alice@app:[1240]:ERROR:  relation "users" does not exist',
        '2024-01-02 07:41:09 UTC:10.0.0.5(51234):alice@app:[1240]:STATEMENT:  SELECT * FROM users;',
        '2024-01-02 07:41:10 UTC::@:[99]:LOG:  checkpoint starting: time',
      ],
    ],
    [
      "pgBadger's '%t [%p]: user=%u,db=%d,app=%a,client=%h '",
      [
        '2024-01-02 07:41:02 UTC [1239]: user=,db=,app=,client=10.0.0.9 LOG:  connection received: host=10.0.0.9',
        '2024-01-02 07:41:09 UTC [1240]: user=alice,db=app,app=psql,client=10.0.0.5 ERROR:  relation "users" does not exist',
        '2024-01-02 07:41:09 UTC [1240]: user=alice,db=app,app=psql,client=10.0.0.5 STATEMENT:  SELECT * FROM users;',
        '2024-01-02 07:41:10 UTC [99]: user=,db=,app=,client= LOG:  checkpoint starting: time',
      ],
    ],
  ])('PostgreSQL with %s: the session user@database before the level is the actor', async (_prefix, lines) => {
    const { detection, records } = await importDetected(lines.join('\n'), 'postgresql.log');
    expect(detection.reason).toContain('actor: the user@database the line prefix names before the level');
    expect(records.map((record) => [record.actor, record.extra['level']])).toEqual([
      ['', 'log'],
      ['alice@app', 'error'],
      ['alice@app', undefined],
      ['', 'log'],
    ]);
  });

  it("BIND's query log (a channel file with print-time): a text log, not a table of its words", async () => {
    const log = [
      '05-Mar-2024 12:00:00.123 client @0x7f1c2c0a1b20 10.0.0.5#53124 (example.com): query: example.com IN A +E(0)K (10.0.0.1)',
      '05-Mar-2024 12:00:00.456 client @0x7f1c2c0a1b20 10.0.0.6#41234 (evil.example): query: evil.example IN TXT + (10.0.0.1)',
    ].join('\n');
    const { detection, rows } = await read(log, 'query.log');
    expect(detection.reason).toMatch(/^A text log: 2 of 2 lines start with a time \(2 words\)/);
    expect(rows.map((row) => [row.at, row.message])).toEqual([
      [
        '2024-03-05T12:00:00.123Z',
        'client @0x7f1c2c0a1b20 10.0.0.5#53124 (example.com): query: example.com IN A +E(0)K (10.0.0.1)',
      ],
      [
        '2024-03-05T12:00:00.456Z',
        'client @0x7f1c2c0a1b20 10.0.0.6#41234 (evil.example): query: evil.example IN TXT + (10.0.0.1)',
      ],
    ]);
  });

  it('an address in the message after the level is not taken for an actor', async () => {
    const { detection, records } = await importDetected(
      [
        '2024-01-02 07:41:09,002 ERROR mail sender: delivery to bob@example.com failed',
        '2024-01-02 07:41:10,000 INFO retry queued for bob@example.com',
      ].join('\n'),
      'app.log',
    );
    expect(detection.reason).toContain('no actor in the lines');
    expect(records.map((record) => record.actor)).toEqual(['', '']);
  });

  it('a Java application log: the stack trace is kept in the message of the line before it', async () => {
    const { rows } = await read(exampleInput('timestamped-lines', 'log4j-stack-trace'), 'app.log');
    expect(rows[1]?.message.split('\n')).toHaveLength(6);
    expect(rows[1]?.message).toContain('Caused by: java.net.ConnectException');
  });

  it('a Python log: the traceback is kept under the line before it', async () => {
    const { rows } = await read(exampleInput('timestamped-lines', 'python-traceback'), 'worker.log');
    expect(rows[0]?.message.split('\n')[0]).toBe('worker - ERROR - task crashed');
  });

  itReadsEachExample('timestamped-lines');

  it('a table whose first column is a time stays a table', async () => {
    const csv = [
      '2024-01-02 07:41:03,web-1,login ok',
      '2024-01-02 07:41:04,web-2,login failed',
      '2024-01-02 07:41:05,web-1,logout',
    ].join('\n');
    expect(detectFormat(new TextEncoder().encode(csv), 'events.csv').format).toBe('delimited');
  });

  it('tells a level among the first words only', () => {
    expect(levelOf('[core:error] [pid 1] text')).toBe('error');
    expect(levelOf('worker - WARNING - slow')).toBe('warning');
    expect(levelOf('the job reported an error later on')).toBeUndefined();
  });
});

describe('a comma before the milliseconds', () => {
  it('log4j and Python logging lines with nothing else between them are a text log, not a comma table', async () => {
    const java = [
      '2024-01-02 07:41:03,515 INFO  [main] com.example.App - Starting',
      '2024-01-02 07:41:04,001 ERROR [worker-1] com.example.Job - Job failed',
      '2024-01-02 07:41:05,250 WARN  [main] com.example.App - Retrying',
    ].join('\n');
    const python = [
      '2024-01-02 07:41:03,515 - worker - ERROR - task crashed',
      '2024-01-02 07:41:04,000 - worker - INFO - task restarted',
    ].join('\n');
    for (const [text, first, message] of [
      [java, '2024-01-02T07:41:03.515Z', 'INFO  [main] com.example.App - Starting'],
      [python, '2024-01-02T07:41:03.515Z', 'worker - ERROR - task crashed'],
    ] as const) {
      const { detection, records } = await importDetected(text, 'app.log');
      expect(detection.format).toBe('syslog');
      expect(isoOfMicros(records[0]!.startMicros)).toBe(first);
      expect(records[0]?.message).toBe(message);
    }
  });

  it('log4j lines of a time of day alone: without a date in the name, read on the default day or refused with the reason', async () => {
    const log =
      '12:01:02,345 INFO  [main] org.example.Server: started\n12:01:03,001 ERROR [pool-1] org.example.Worker: failed\n';
    const bytes = new TextEncoder().encode(log);
    const detection = detectFormat(bytes, 'server.log');
    expect(detection.reason).toContain(
      "the lines have no date and none is in the file name: they are read on the day of the incident's first event unless you set the start date",
    );
    const settings = settingsFromDetection(detection, 'UTC');
    if (settings === undefined) throw new Error('no settings');
    await expect(collectImport(parseImport(bytes, settings))).rejects.toThrow(
      'The lines hold a time of day without a date: set the start date (the day of the first line)',
    );
    const dated = withDefaultRecordingStart(settings, Date.UTC(2024, 2, 5, 9) * 1000);
    const { records } = await collectImport(parseImport(bytes, dated));
    expect(records.map((record) => isoOfMicros(record.startMicros))).toEqual([
      '2024-03-05T12:01:02.345Z',
      '2024-03-05T12:01:03.001Z',
    ]);
    // A re-import reads them on its stream's day, not on the incident's first event's.
    const reread = withDefaultRecordingStart(settings, Date.UTC(2024, 2, 1) * 1000, Date.UTC(2024, 2, 7, 23) * 1000);
    const again = await collectImport(parseImport(bytes, reread));
    expect(isoOfMicros(again.records[0]!.startMicros)).toBe('2024-03-07T12:01:02.345Z');
    // An analyst's date is never replaced.
    if (settings.format !== 'syslog') throw new Error('not a text log');
    expect(withDefaultRecordingStart({ ...settings, startDate: '2023-01-01' }, 0, 0)).toMatchObject({
      startDate: '2023-01-01',
    });
  });
});
