/*
 * The set-up most server suites share: one server for a describe block, started before its tests
 * with a signed-in user per role (an analyst of that permission, or none), closed after them.
 * Suites read `suite.server` and `suite.{role}` inside their tests, once the block has started.
 */
import { afterAll, beforeAll } from 'vitest';
import type { Permission } from '../../domain/analyst.ts';
import type { DatabaseKind } from './test-database.ts';
import { giveAnalyst, signIn, startTestServer, type Session, type TestServer } from './test-server.ts';

/** 'signed-in' is a user who has no analyst yet. */
export type Role = Permission | 'signed-in';
export type AnalystServer<R extends Record<string, Role>> = { server: TestServer } & { [K in keyof R]: Session };

export function useAnalystServer<const R extends Record<string, Role>>(
  kind: DatabaseKind,
  roles: R,
  env: Record<string, string> = {},
): AnalystServer<R> {
  const suite: Record<string, unknown> = {};
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer(kind, env);
    suite['server'] = server;
    for (const [name, role] of Object.entries(roles)) {
      const session = await signIn(server);
      if (role !== 'signed-in') await giveAnalyst(server, session, role);
      suite[name] = session;
    }
  });
  afterAll(async () => server?.close());
  return suite as AnalystServer<R>;
}
