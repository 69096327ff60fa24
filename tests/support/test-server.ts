/*
 * buildApp() on a real database, plus the steps most tests need: accounts, sign-in, analysts.
 * Each test makes its own rows (unique usernames), so tests in a file share one server.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { hashPassword } from '../../server/auth/password.ts';
import { loadConfig, type Config } from '../../server/config.ts';
import type { Db } from '../../server/db/database.ts';
import { insertAnalyst } from '../../server/repositories/analysts-repository.ts';
import { insertLocalUser } from '../../server/repositories/users-repository.ts';
import { createTestDatabase, type DatabaseKind } from './test-database.ts';

export const TEST_PASSWORD = 'correct-horse-battery-staple';
export const TEST_VERSION = '0123456789abcdef0123456789abcdef01234567';

export interface TestServer {
  app: FastifyInstance;
  db: Db;
  config: Config;
  url: string | undefined;
  close(): Promise<void>;
}

export async function startTestServer(kind: DatabaseKind, env: Record<string, string> = {}): Promise<TestServer> {
  const database = await createTestDatabase(kind);
  const dataDir = mkdtempSync(join(tmpdir(), 'churchkey-test-'));
  const config = loadConfig({ DATA_DIR: dataDir, ...env });
  const app = await buildApp({ db: database.db, config, version: TEST_VERSION }, { appDir: '/nonexistent' });
  await app.ready();
  return {
    app,
    db: database.db,
    config,
    url: database.url,
    async close() {
      await app.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Session {
  userID: number;
  username: string;
  cookie: string;
  /** Calls the server as this user, acting as `analyst` (header omitted when undefined). */
  request(options: InjectOptions & { analyst?: number | string }): Promise<LightMyRequestResponse>;
}

export function uniqueName(prefix = 'user'): string {
  return `${prefix}-${randomBytes(4).toString('hex')}`;
}

let cachedHash: Promise<string> | undefined;

/** Creates a local account and signs it in through POST /auth/login. */
export async function signIn(server: TestServer, username = uniqueName()): Promise<Session> {
  cachedHash ??= hashPassword(TEST_PASSWORD);
  const user = await insertLocalUser(server.db, {
    username,
    name: username,
    email: '',
    passwordHash: await cachedHash,
  });
  const response = await server.app.inject({
    method: 'POST',
    url: '/auth/login',
    payload: { username, password: TEST_PASSWORD },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  const cookie = response.cookies.find((c) => c.name === 'churchkey_session');
  if (!cookie) throw new Error('no session cookie');
  const header = `churchkey_session=${cookie.value}`;
  return {
    userID: user.id,
    username,
    cookie: header,
    request(options) {
      const { analyst, headers, ...rest } = options;
      return server.app.inject({
        ...rest,
        headers: {
          ...headers,
          cookie: header,
          ...(analyst === undefined ? {} : { 'x-churchkey-analyst': String(analyst) }),
        },
      });
    },
  };
}

/** Gives a signed-in user their own analyst with a permission, written straight to the database. */
export async function giveAnalyst(server: TestServer, session: Session, permission: 'read' | 'write' | 'admin') {
  return insertAnalyst(server.db, {
    id: session.userID,
    name: `Analyst ${session.username}`,
    email: `${session.username}@example.org`,
    permission,
    userId: session.userID,
  });
}

/** Makes `member`'s own analyst a member of the organization, as an administrator does. */
export async function addMember(admin: Session, organizationID: number, member: Session): Promise<void> {
  const response = await admin.request({
    method: 'PUT',
    url: `/api/organization/${organizationID}/member/${member.userID}`,
  });
  if (response.statusCode !== 200) throw new Error(`membership refused: ${response.statusCode} ${response.body}`);
}

export async function countRows(db: Db, table: string): Promise<number> {
  const rows = await db.query<{ count: number }>(`SELECT count(*)::int AS count FROM ${table}`);
  return rows[0]!.count;
}
