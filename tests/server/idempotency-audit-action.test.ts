/*
 * A UI action sent with an Idempotency-Key and no clientID is stored once, even when its process
 * stops between storing it and recording its key. The row used to be written outside a
 * transaction and the key recorded afterwards, so a copy resent after such a stop stored it twice
 * (found by tests/reliability/two-servers-proxy.test.ts). Here the stop is played by a trigger
 * that refuses to record the key: the action must then not be stored either.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../support/test-database.ts';
import { useAnalystServer } from '../support/analyst-server.ts';

describe.each(DATABASE_KINDS)('a keyed UI action on %s', (kind) => {
  const suite = useAnalystServer(kind, { analyst: 'read' });
  beforeAll(async () => {
    await suite.server.db.exec(`
      CREATE TABLE test_refused_keys (key text PRIMARY KEY);
      CREATE FUNCTION test_refuse_key() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF EXISTS (SELECT 1 FROM test_refused_keys WHERE key = NEW.key) THEN RAISE EXCEPTION 'key refused by the test'; END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER test_refuse_key BEFORE INSERT ON idempotency_keys FOR EACH ROW EXECUTE FUNCTION test_refuse_key();
    `);
  });

  const send = (key: string, marker: string) =>
    suite.analyst.request({
      method: 'POST',
      url: '/api/audit/action/open-incident',
      payload: { value: { marker } },
      headers: { 'idempotency-key': key },
    });
  const stored = async (marker: string) => {
    const rows = await suite.server.db.query<{ count: number }>(
      "SELECT count(*)::int AS count FROM audit_actions WHERE value->>'marker' = $1",
      [marker],
    );
    return rows[0]!.count;
  };

  it('is stored with its key or not at all, so the copy resent afterwards is stored once', async () => {
    const key = `ui-action-${kind}-refused-once`;
    const marker = `marker-${key}`;
    await suite.server.db.query('INSERT INTO test_refused_keys (key) VALUES ($1)', [key]);
    const first = await send(key, marker);
    expect(first.statusCode, first.body).toBe(500);
    expect(await stored(marker)).toBe(0);

    await suite.server.db.query('DELETE FROM test_refused_keys WHERE key = $1', [key]);
    const resent = await send(key, marker);
    expect(resent.statusCode, resent.body).toBe(201);
    expect(await stored(marker)).toBe(1);
    const replayed = await send(key, marker);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.json().action.id).toBe(resent.json().action.id);
    expect(await stored(marker)).toBe(1);
  });
});
