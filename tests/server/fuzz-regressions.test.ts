/*
 * Bugs the API and importer fuzzers (tests/reliability/fuzz-*.test.ts) found, each pinned by the
 * narrow request that showed it: the answer must be a clear refusal in the one error shape.
 */
import { describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../support/test-database.ts';
import { useAnalystServer } from '../support/analyst-server.ts';
import { countRows } from '../support/test-server.ts';

describe.each(DATABASE_KINDS)('requests the fuzzer found on %s', (kind) => {
  const suite = useAnalystServer(kind, { writer: 'write' });

  it('refuses a path part longer than the router takes with the error shape, naming the path', async () => {
    const response = await suite.writer.request({
      method: 'PUT',
      url: `/api/organization/${'x'.repeat(600)}`,
      payload: {},
    });
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({
      error: { code: 'too_large', message: 'path has a part longer than this server accepts', field: 'path' },
    });
  });

  it('refuses JSON nested 10,000 deep sent with an Idempotency-Key to a call with no body schema, and stores nothing', async () => {
    const organization = await suite.writer.request({
      method: 'POST',
      url: '/api/organization',
      payload: { name: 'Deep' },
    });
    const incident = await suite.writer.request({
      method: 'POST',
      url: '/api/incident',
      payload: { organizationID: organization.json().organization.id, name: 'Deep' },
    });
    const before = await countRows(suite.server.db, 'idempotency_keys');
    const response = await suite.writer.request({
      method: 'POST',
      url: `/api/incident/${incident.json().incident.id}/map`,
      payload: `${'['.repeat(10_000)}${']'.repeat(10_000)}`,
      headers: { 'content-type': 'application/json', 'idempotency-key': 'deep-json-0001' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({ code: 'invalid', message: 'body is nested too deeply', field: 'body' });
    expect(await countRows(suite.server.db, 'idempotency_keys')).toBe(before);
  });
});
