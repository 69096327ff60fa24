/*
 * The set-up most server suites share: one server for a describe block, started before its tests
 * with a signed-in user per role (an analyst of that permission, or none), closed after them.
 * Suites read `suite.server` and `suite.{role}` inside their tests, once the block has started.
 * useSocketAnalystServer also listens on a loopback port, for suites whose requests must overlap.
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

export type SocketRequest = Omit<RequestInit, 'headers'> & { headers?: Record<string, string> };

export type SocketAnalystServer<R extends Record<string, Role>> = AnalystServer<R> & {
  /** http://127.0.0.1:{port}, once the block has started. */
  base: string;
  /** A request over the socket as `session`, acting as its own analyst. */
  fetchAs(session: Session, path: string, init?: SocketRequest): Promise<Response>;
};

/** useAnalystServer on a real socket: for reads that must run while another request is still going. */
export function useSocketAnalystServer<const R extends Record<string, Role>>(
  kind: DatabaseKind,
  roles: R,
  env: Record<string, string> = {},
): SocketAnalystServer<R> {
  const suite = useAnalystServer(kind, roles, env) as SocketAnalystServer<R>;
  suite.fetchAs = (session, path, init = {}) =>
    fetch(`${suite.base}${path}`, {
      ...init,
      headers: { cookie: session.cookie, 'x-churchkey-analyst': String(session.userID), ...init.headers },
    });
  beforeAll(async () => {
    suite.base = await suite.server.app.listen({ port: 0, host: '127.0.0.1' });
  });
  return suite;
}
