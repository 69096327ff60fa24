/*
 * The shape every write handler shares: who acts, one transaction, and the data audit entry written
 * inside it, attributed to the user and the analyst they act as. Handlers resolve their ids (the
 * organization wall) and write through repositories in `write`; a throw rolls back write and entry.
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db, DbTransaction } from '../db/database.ts';
import { acting, type Acting } from '../plugins/auth.ts';
import {
  requireIncident,
  requireIncidentOf,
  requireOrganization,
  type IncidentRef,
} from '../repositories/access-repository.ts';
import { recordWrite } from '../repositories/audit-repository.ts';

type AuditEntry = Parameters<typeof recordWrite>[2];

export interface WriteScope extends Acting {
  tx: DbTransaction;
  /** Records the write in the data audit, in the write's own transaction. */
  audit(entry: AuditEntry): Promise<void>;
}

export function auditedWrite<T>(db: Db, request: FastifyRequest, write: (scope: WriteScope) => Promise<T>): Promise<T> {
  const { user, analyst } = acting(request);
  const who = { userID: user.id, analystID: analyst.id };
  return db.transaction((tx) => write({ tx, user, analyst, audit: (entry) => recordWrite(tx, who, entry) }));
}

/** A write inside one incident: a 404 when the analyst may not reach it, else `write`. */
export function auditedIncidentWrite<T>(
  db: Db,
  request: FastifyRequest,
  incidentID: number,
  write: (scope: WriteScope & { incident: IncidentRef }) => Promise<T>,
): Promise<T> {
  return auditedWrite(db, request, async (scope) =>
    write({ ...scope, incident: await requireIncident(scope.tx, scope.analyst, incidentID) }),
  );
}

/** A write inside one organization: a 404 when the analyst is not a member (administrators reach all), else `write`. */
export function auditedOrganizationWrite<T>(
  db: Db,
  request: FastifyRequest,
  organizationID: number,
  write: (scope: WriteScope & { organization: { id: number; name: string } }) => Promise<T>,
): Promise<T> {
  return auditedWrite(db, request, async (scope) =>
    write({ ...scope, organization: await requireOrganization(scope.tx, scope.analyst, organizationID) }),
  );
}

type ItemTable = Parameters<typeof requireIncidentOf>[2];

/** The noun an item is refused by when out of reach, and the item type its audit entries carry. */
export const ITEM_TYPE = {
  streams: 'stream',
  events: 'event',
  incident_actors: 'incident_actor',
  collections: 'collection',
  notes: 'note',
  links: 'link',
  uploads: 'upload',
} satisfies Record<ItemTable, string>;

export interface ItemWriteScope extends WriteScope {
  /** The item's incident (the organization wall passed) and the item's own id. */
  ref: Awaited<ReturnType<typeof requireIncidentOf>>;
  /** Records the write in the data audit as a write of this item. */
  auditItem(action: string, detail: unknown): Promise<void>;
}

/** A write to one item of an incident: a 404 when the analyst may not reach it, else `write`. */
export function auditedItemWrite<T>(
  db: Db,
  request: FastifyRequest,
  table: ItemTable,
  itemID: number,
  write: (scope: ItemWriteScope) => Promise<T>,
): Promise<T> {
  const itemType = ITEM_TYPE[table];
  return auditedWrite(db, request, async (scope) => {
    const ref = await requireIncidentOf(scope.tx, scope.analyst, table, itemID, itemType);
    const auditItem = (action: string, detail: unknown) =>
      scope.audit({ action, itemType, itemID: ref.item_id, detail });
    return write({ ...scope, ref, auditItem });
  });
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
