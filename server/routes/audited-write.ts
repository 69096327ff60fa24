/*
 * The shape every write handler shares: who acts, one transaction, and the data audit entry written
 * inside it, attributed to the user and the analyst they act as. Handlers resolve their ids (the
 * organization wall) and write through repositories in `write`; a throw rolls back write and entry.
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db, DbTransaction } from '../db/database.ts';
import { acting, type Acting } from '../plugins/auth.ts';
import { recordWrite } from '../repositories/audit-repository.ts';

type AuditEntry = Parameters<typeof recordWrite>[2];

interface WriteScope extends Acting {
  tx: DbTransaction;
  /** Records the write in the data audit, in the write's own transaction. */
  audit(entry: AuditEntry): Promise<void>;
}

export function auditedWrite<T>(db: Db, request: FastifyRequest, write: (scope: WriteScope) => Promise<T>): Promise<T> {
  const { user, analyst } = acting(request);
  const who = { userID: user.id, analystID: analyst.id };
  return db.transaction((tx) => write({ tx, user, analyst, audit: (entry) => recordWrite(tx, who, entry) }));
}

/**
 * An answer's schema: the hook in app.ts adds the server version to every JSON object answer, so
 * handlers leave it out and the schema still documents it.
 */
export function answer<T extends z.ZodRawShape>(shape: T) {
  return z
    .object(shape)
    .extend({ version: z.string().optional().describe('the server version; every answer carries it') });
}
