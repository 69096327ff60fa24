/*
 * Freshness for the screens: sync status hooks, and hooks that keep a mirrored incident or list
 * in step with the server while a screen shows it (on mount, and again when the network returns).
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import { useOnline } from '../use-online.ts';
import { syncIncidentList, syncOrganization, syncOrganizations } from './api-source.ts';
import { syncIncident } from './sync-incident-from-api.ts';
import { mirrorDatabase, type SyncStatusName } from './mirror-database.ts';
import { acquireSync } from './shared-sync.ts';
import { isIncidentSyncing } from './sync-incident.ts';
import { isListSyncing, listScope } from './sync-lists.ts';

export interface SyncStatus {
  status: SyncStatusName;
  /** Events written in the running (or last) sync, and how many the incident has. */
  loaded: number;
  total: number;
  /** Milliseconds since the epoch of the last complete sync. */
  lastSyncedAt?: number;
  error?: string;
}

export interface ListSyncStatus {
  status: SyncStatusName;
  lastSyncedAt?: number;
  error?: string;
}

/** A 'syncing' left by a page closed mid-sync is idle; with no network, anything not syncing is offline. */
function effective(status: SyncStatusName, running: boolean, online: boolean): SyncStatusName {
  if (status === 'syncing' && !running) return online ? 'idle' : 'offline';
  if (!online && status !== 'syncing') return 'offline';
  return status;
}

export function useSyncStatus(incidentID: number): SyncStatus {
  const online = useOnline();
  const state = useLiveQuery(
    async () => ({ row: await mirrorDatabase().syncState.get(incidentID), running: isIncidentSyncing(incidentID) }),
    [incidentID],
  );
  const row = state?.row;
  const result: SyncStatus = {
    status: effective(row?.status ?? 'idle', state?.running ?? false, online),
    loaded: row?.eventsLoaded ?? 0,
    total: row?.eventsTotal ?? 0,
  };
  if (row?.lastSyncedAt !== undefined) result.lastSyncedAt = row.lastSyncedAt;
  if (row?.error !== undefined && result.status === 'error') result.error = row.error;
  return result;
}

function useListSyncStatus(scope: string): ListSyncStatus {
  const online = useOnline();
  const state = useLiveQuery(async () => ({ row: await mirrorDatabase().listSync.get(scope), running: isListSyncing(scope) }), [scope]);
  const row = state?.row;
  const result: ListSyncStatus = { status: effective(row?.status ?? 'idle', state?.running ?? false, online) };
  if (row?.lastSyncedAt !== undefined) result.lastSyncedAt = row.lastSyncedAt;
  if (row?.error !== undefined && result.status === 'error') result.error = row.error;
  return result;
}

function useSyncWhileShown(key: string, run: (signal: AbortSignal) => Promise<void>): void {
  const online = useOnline();
  useEffect(() => {
    if (!online) return;
    return acquireSync(key, run);
    // run is derived from key by the callers below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, online]);
}

/**
 * How often an open incident asks the server what changed since the change it holds: one small
 * request (GET /api/incident/{id}/changes), so another analyst's marker shows within seconds.
 */
const CATCH_UP_INTERVAL_MS = 4_000;

/** While the incident is shown, online and the tab visible: catch up now and then, and on return to the tab. */
function useCatchUpWhileShown(incidentID: number): void {
  const online = useOnline();
  useEffect(() => {
    if (!online) return;
    const controller = new AbortController();
    const tick = (): void => {
      if (document.visibilityState !== 'visible' || isIncidentSyncing(incidentID)) return;
      void mirrorDatabase()
        .syncState.get(incidentID)
        .then((state) => {
          // Until a first sync completed there is no change number to ask from: the mount's sync runs.
          if (state?.changeRevision === undefined || isIncidentSyncing(incidentID) || controller.signal.aborted) return;
          return syncIncident(incidentID, { signal: controller.signal });
        })
        // A failure is recorded in syncState for the screens; the next tick tries again.
        .catch(() => undefined);
    };
    const timer = window.setInterval(tick, CATCH_UP_INTERVAL_MS);
    document.addEventListener('visibilitychange', tick);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', tick);
      controller.abort();
    };
  }, [incidentID, online]);
}

export function useIncidentSync(incidentID: number): SyncStatus {
  useSyncWhileShown(`incident:${incidentID}`, (signal) => syncIncident(incidentID, { signal }));
  useCatchUpWhileShown(incidentID);
  return useSyncStatus(incidentID);
}

export function useOrganizationsSync(): ListSyncStatus {
  useSyncWhileShown(listScope.organizations(), (signal) => syncOrganizations({ signal }));
  return useListSyncStatus(listScope.organizations());
}

export function useOrganizationSync(organizationID: number): ListSyncStatus {
  useSyncWhileShown(listScope.organization(organizationID), (signal) => syncOrganization(organizationID, { signal }));
  return useListSyncStatus(listScope.organization(organizationID));
}

export function useIncidentListSync(organizationID?: number): ListSyncStatus {
  useSyncWhileShown(listScope.incidents(organizationID), (signal) => syncIncidentList(organizationID, { signal }));
  return useListSyncStatus(listScope.incidents(organizationID));
}
