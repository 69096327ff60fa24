/* Two server processes on one PostgreSQL server: sessions and writes live in the database. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureServerBuilt, startServerProcess, type ServerProcess } from '../support/server-process.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

// vitest.config.ts leaves this file out when TEST_DATABASE_URL is not set.
const postgres = process.env.TEST_DATABASE_URL ? [process.env.TEST_DATABASE_URL] : [];
const PASSWORD = 'two-servers-password';

describe.each(postgres)('two server processes on one PostgreSQL', () => {
  let database: TestDatabase;
  let servers: ServerProcess[] = [];
  beforeAll(async () => {
    ensureServerBuilt();
    database = await createTestDatabase('postgres');
    // Both start at once: migrations and the first account must not race.
    servers = await Promise.all(
      [0, 1].map(() => startServerProcess({ DATABASE_URL: database.url!, CHURCHKEY_ADMIN_PASSWORD: PASSWORD })),
    );
  }, 120_000);
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await database?.drop();
  });

  it('created the first account once and serves a session made on one from the other', async () => {
    const created = servers.filter((server) => server.output().includes('the account "admin" was created'));
    expect(created).toHaveLength(1);
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const signIn = await fetch(`${a.url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: PASSWORD }),
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!;
    const onB = await fetch(`${b.url}/auth/user`, { headers: { cookie } });
    expect(onB.status).toBe(200);
    expect((await onB.json()).user.username).toBe('admin');

    const primary = await fetch(`${b.url}/api/analyst/primary`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Primary', email: 'p@example.org' }),
    });
    expect(primary.status).toBe(201);
    const again = await fetch(`${a.url}/api/analyst/primary`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Second', email: '' }),
    });
    expect(again.status).toBe(409);

    const ids: number[] = [];
    for (let index = 0; index < 10; index += 1) {
      const via = index % 2 === 0 ? a : b;
      const response = await fetch(`${via.url}/api/audit/action/step-${index}`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ value: index }),
      });
      expect(response.status).toBe(201);
      ids.push((await response.json()).action.id);
    }
    for (const server of servers) {
      const list = await fetch(`${server.url}/api/audit/ui?limit=10`, { headers: { cookie } });
      const names = (await list.json()).actions.map((action: { actionName: string }) => action.actionName);
      expect(names).toEqual(Array.from({ length: 10 }, (_, index) => `step-${9 - index}`));
    }

    // Logout is a POST from our own origin (a GET answers a page that posts it).
    const logout = await fetch(`${a.url}/auth/logout`, {
      method: 'POST',
      headers: { cookie, origin: a.url, 'content-type': 'application/json' },
      body: '{}',
      redirect: 'manual',
    });
    expect(logout.status).toBe(303);
    expect((await fetch(`${b.url}/auth/user`, { headers: { cookie } })).status).toBe(401);
  });
});
