/*
 * Filling the mirror with the lists: organizations, one organization, incidents. Each list's
 * freshness is kept in listSync under its scope name.
 */
import type { IncidentSummary } from '../../../domain/incident.ts';
import type { OrganizationDetail } from '../../../domain/organization-payload.ts';
import { putIncidentList, putOrganizationDetail, putOrganizationList, removeOrganizationFromMirror } from './list-writes.ts';
import type { ListSyncRow, MirrorDatabase, OrganizationSummary } from './mirror-database.ts';
import { syncFailure } from './sync-failure.ts';

export interface ListSource {
  organizations(signal: AbortSignal | undefined): Promise<OrganizationSummary[]>;
  organization(organizationID: number, signal: AbortSignal | undefined): Promise<OrganizationDetail>;
  incidents(organizationID: number | undefined, signal: AbortSignal | undefined): Promise<IncidentSummary[]>;
}

export const listScope = {
  organizations: () => 'organizations',
  organization: (organizationID: number) => `organization:${organizationID}`,
  incidents: (organizationID?: number) => (organizationID === undefined ? 'incidents' : `incidents:${organizationID}`),
};

const active = new Map<string, number>();

export function isListSyncing(scope: string): boolean {
  return (active.get(scope) ?? 0) > 0;
}

async function tracked(db: MirrorDatabase, scope: string, work: () => Promise<void>, onGone?: () => Promise<void>): Promise<void> {
  active.set(scope, (active.get(scope) ?? 0) + 1);
  const before = await db.listSync.get(scope);
  const kept: Pick<ListSyncRow, 'lastSyncedAt'> = before?.lastSyncedAt === undefined ? {} : { lastSyncedAt: before.lastSyncedAt };
  try {
    await db.listSync.put({ scope, status: 'syncing', ...kept });
    await work();
    await db.listSync.put({ scope, status: 'idle', lastSyncedAt: Date.now() });
  } catch (error) {
    const failure = syncFailure(error);
    if (failure.status === 'gone') {
      await onGone?.();
      await db.listSync.put({ scope, status: 'error', error: failure.message });
    } else {
      await db.listSync.put({ scope, status: failure.status, ...kept, ...(failure.status === 'error' ? { error: failure.message } : {}) });
    }
    throw error;
  } finally {
    active.set(scope, (active.get(scope) ?? 1) - 1);
  }
}

export function syncOrganizationsFrom(db: MirrorDatabase, source: ListSource, signal?: AbortSignal): Promise<void> {
  return tracked(db, listScope.organizations(), async () => {
    const items = await source.organizations(signal);
    signal?.throwIfAborted();
    await putOrganizationList(db, items);
  });
}

export function syncOrganizationFrom(db: MirrorDatabase, source: ListSource, organizationID: number, signal?: AbortSignal): Promise<void> {
  return tracked(
    db,
    listScope.organization(organizationID),
    async () => {
      const detail = await source.organization(organizationID, signal);
      signal?.throwIfAborted();
      await putOrganizationDetail(db, detail);
    },
    () => removeOrganizationFromMirror(db, organizationID),
  );
}

export function syncIncidentListFrom(db: MirrorDatabase, source: ListSource, organizationID?: number, signal?: AbortSignal): Promise<void> {
  return tracked(db, listScope.incidents(organizationID), async () => {
    const items = await source.incidents(organizationID, signal);
    signal?.throwIfAborted();
    await putIncidentList(db, items, organizationID);
  });
}
