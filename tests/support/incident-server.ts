/*
 * The set-up of suites where one writer builds every incident they read: useAnalystServer with a
 * `writer`, the incident fixtures already acting as that writer, and `write` for a change whose
 * answer only has to be a success. T0 is the first moment of the incidents these suites build.
 */
import { expect } from 'vitest';
import { useAnalystServer, type AnalystServer, type Role } from './analyst-server.ts';
import { createActor, createEvent, createIncident, createOrganization, createStream } from './incident-fixtures.ts';
import type { DatabaseKind } from './test-database.ts';
import type { Session } from './test-server.ts';

/** 2023-11-14T22:13:20Z in microseconds. */
export const T0 = 1_700_000_000_000_000;

type Tail<F> = F extends (session: Session, ...rest: infer A) => infer R ? (...rest: A) => R : never;

interface WriterFixtures {
  createOrganization: Tail<typeof createOrganization>;
  createIncident: Tail<typeof createIncident>;
  createStream: Tail<typeof createStream>;
  createActor: Tail<typeof createActor>;
  createEvent: Tail<typeof createEvent>;
  /** Sends a change as the writer and expects it to succeed. */
  write(request: Parameters<Session['request']>[0]): ReturnType<Session['request']>;
}

export function useIncidentServer<const R extends Record<string, Role>>(
  kind: DatabaseKind,
  otherRoles: R = {} as R,
): AnalystServer<R & { writer: 'write' }> & WriterFixtures {
  const suite = useAnalystServer(kind, { ...otherRoles, writer: 'write' as const });
  const fixtures: WriterFixtures = {
    createOrganization: (...rest) => createOrganization(suite.writer, ...rest),
    createIncident: (...rest) => createIncident(suite.writer, ...rest),
    createStream: (...rest) => createStream(suite.writer, ...rest),
    createActor: (...rest) => createActor(suite.writer, ...rest),
    createEvent: (...rest) => createEvent(suite.writer, ...rest),
    async write(request) {
      const response = await suite.writer.request(request);
      expect(response.statusCode, response.body).toBeLessThan(300);
      return response;
    },
  };
  return Object.assign(suite, fixtures);
}
