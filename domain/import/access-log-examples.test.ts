/* Access-log producers as examples/access-log holds them (Envoy, Istio), and what each row keeps. */
import { describe, expect, it } from 'vitest';
import { exampleInput, itReadsEachExample } from '../../tests/support/example-cases.ts';
import { importDetected } from '../../tests/support/import-detected.ts';

describe('access log examples', () => {
  itReadsEachExample('access-log');

  it('keeps Envoy’s fields by name and runs the event for DURATION', async () => {
    const { records } = await importDetected(exampleInput('access-log', 'envoy-default'), 'envoy.log');
    const failed = records[1];
    expect((failed?.endMicros ?? 0) - (failed?.startMicros ?? 0)).toBe(1_001_000);
    expect(failed?.extra).toMatchObject({ response_flags: 'UF', upstream_host: '10.1.2.4:8080', status: 503 });
  });

  it('runs a uWSGI request for its msecs or micros and keeps its worker', async () => {
    const { records } = await importDetected(exampleInput('access-log', 'uwsgi-request-log'), 'uwsgi.log');
    expect(records.map((record) => record.endMicros - record.startMicros)).toEqual([129_000, 35_000, 68, 65_000]);
    expect(records[0]?.extra).toMatchObject({ status: 200, bytes: 47, pid: 88185, app: 0 });
  });
});
