/*
 * `docker compose logs` / `docker compose up` output: each line after its container's name and " | ".
 * The excerpts are compose output as projects' READMEs and issues paste it (PostgreSQL 15 in a
 * two-container project, mongod 7's JSON log, a FastAPI + LocalStack + worker stack).
 */
import { describe, expect, it } from 'vitest';
import { collectImport } from './collect-import.ts';
import { composeLines } from './compose-prefix.ts';
import { detectFormat } from './detect-format.ts';
import { settingsFromDetection } from './import-settings.ts';
import { parseImport } from './parse-import.ts';
import { importDetected, isoOfMicros } from '../../tests/support/import-detected.ts';

const POSTGRES = `multicontainer-database-1  |
multicontainer-database-1  | PostgreSQL Database directory appears to contain a database; Skipping initialization
multicontainer-database-1  |
multicontainer-database-1  | 2023-11-10 07:48:40.057 UTC [1] LOG:  starting PostgreSQL 15.2 (Debian 15.2-1.pgdg110+1) on x86_64-pc-linux-gnu
multicontainer-database-1  | 2023-11-10 07:48:40.058 UTC [1] LOG:  listening on IPv4 address "0.0.0.0", port 5432
multicontainer-web-1       | 2023-11-10 07:48:41.120 UTC web started
`;

const MONGO = `mongo-db-1               | {"t":{"$date":"2024-10-29T09:32:29.237+00:00"},"s":"E",  "c":"CONTROL",  "id":20557,   "ctx":"initandlisten","msg":"DBException in initAndListen, terminating"}
mongo-db-1               | {"t":{"$date":"2024-10-29T09:32:29.301+00:00"},"s":"I",  "c":"CONTROL",  "id":20565,   "ctx":"initandlisten","msg":"Now exiting"}
`;

describe('docker compose output', () => {
  it('reads the lines under the names as a text log, each container the actor of its lines', async () => {
    const { detection, records, invalid } = await importDetected(POSTGRES, 'compose.log');
    expect(detection.format).toBe('syslog');
    expect(detection.reason).toMatch(
      /^docker compose output: 6 of 6 lines start with a container's name and " \| " \(multicontainer-database-1, multicontainer-web-1\), which is each line's actor\. Under the names: A text log: 3 of 4 lines start with a time/,
    );
    expect(records.map((record) => [isoOfMicros(record.startMicros), record.actor, record.message])).toEqual([
      [
        '2023-11-10T07:48:40.057Z',
        'multicontainer-database-1',
        '[1] LOG:  starting PostgreSQL 15.2 (Debian 15.2-1.pgdg110+1) on x86_64-pc-linux-gnu',
      ],
      [
        '2023-11-10T07:48:40.058Z',
        'multicontainer-database-1',
        '[1] LOG:  listening on IPv4 address "0.0.0.0", port 5432',
      ],
      ['2023-11-10T07:48:41.120Z', 'multicontainer-web-1', 'web started'],
    ]);
    // The line before any time is invalid on its own line of the file, the empty "name  |" lines skipped.
    expect(invalid.map((row) => row.line)).toEqual([2]);
  });

  it('reads JSON lines under the names, line numbers and containers kept when the file comes in small chunks', async () => {
    const bytes = new TextEncoder().encode(MONGO);
    const detection = detectFormat(bytes, 'mongo.log');
    expect(detection.format).toBe('jsonl');
    const settings = settingsFromDetection(detection, 'UTC');
    expect(settings).toMatchObject({ linePrefix: 'compose' });
    if (settings === undefined) return;
    const chunks = Array.from({ length: Math.ceil(bytes.length / 7) }, (_, at) => bytes.subarray(at * 7, at * 7 + 7));
    const { records, invalid } = await collectImport(parseImport(chunks, settings));
    expect(invalid).toEqual([]);
    expect(
      records.map((record) => [record.line, isoOfMicros(record.startMicros), record.actor, record.message]),
    ).toEqual([
      [1, '2024-10-29T09:32:29.237Z', 'mongo-db-1', 'DBException in initAndListen, terminating'],
      [2, '2024-10-29T09:32:29.301Z', 'mongo-db-1', 'Now exiting'],
    ]);
  });

  it("splits another container's line without a time off the record it was joined to, at that record's time", async () => {
    // A FastAPI service's uvicorn access line (no time) between two Python services' timed lines.
    const text = `availability-service-1  | 2026-04-10 18:02:17,817 availability-service INFO Reserva confirmada en habitación 101
availability-service-1  |   detail: room 101
booking-api-1           | INFO:     172.18.0.1:39658 - "POST /bookings HTTP/1.1" 202 Accepted
availability-service-1  |   detail: paid
availability-service-1  | 2026-04-10 18:02:18,110 availability-service INFO Publicado booking.confirmed
`;
    const { records, invalid } = await importDetected(text, 'compose.log');
    expect(invalid).toEqual([]);
    expect(
      records.map((record) => [record.line, isoOfMicros(record.startMicros), record.actor, record.message]),
    ).toEqual([
      [
        1,
        '2026-04-10T18:02:17.817Z',
        'availability-service-1',
        'availability-service INFO Reserva confirmada en habitación 101\n  detail: room 101',
      ],
      [
        3,
        '2026-04-10T18:02:17.817Z',
        'booking-api-1',
        'INFO:     172.18.0.1:39658 - "POST /bookings HTTP/1.1" 202 Accepted',
      ],
      [4, '2026-04-10T18:02:17.817Z', 'availability-service-1', '  detail: paid'],
      [
        5,
        '2026-04-10T18:02:18.110Z',
        'availability-service-1',
        'availability-service INFO Publicado booking.confirmed',
      ],
    ]);
    expect(records[1]?.extra).toEqual({ time: 'none on the line: the time of the line before it' });
  });

  it('leaves pipe tables and lines without container names alone', () => {
    // Names without compose's replica number, and Markdown tables, are not compose output.
    expect(composeLines('alpha | 2024-01-01 10:00:00 up\nbeta  | 2024-01-01 10:00:01 down\n')).toBeUndefined();
    expect(composeLines('| web-1 | 2024-01-01 |\n| db-1 | 2024-01-02 |\n')).toBeUndefined();
    // Pipe-separated values with no space before the bar (HealthApp's "time|tag|pid|text").
    expect(composeLines('20171223-22:15:29:606|Step_LSC|30002312|onStandStepChanged 3579\n')).toBeUndefined();
    // One line in five with a name is not enough.
    const mixed = 'web-1  | a\nplain line\nanother line\nthird line\nfourth line\n';
    expect(composeLines(mixed)).toBeUndefined();
  });
});
