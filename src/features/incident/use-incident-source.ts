/*
 * The incident a page shows and how far this device's copy of it is: the local mirror's live
 * reads (src/data/mirror), synced while the page is open, so an opened incident works offline.
 */
import { useCallback } from 'react';
import { syncIncident, useIncident, useIncidentEvents, useIncidentSync } from '../../data/mirror/index.ts';
import type { EventRow, IncidentData } from './incident-data.ts';
import type { SyncStatus } from './sync-status-bar.tsx';

export interface IncidentSource {
  data: IncidentData | undefined;
  events: readonly EventRow[] | undefined;
  sync: SyncStatus;
  /** Syncs again (after a write, or when the analyst asks). */
  reload: () => void;
}

export function useIncidentSource(incidentID: number): IncidentSource {
  const status = useIncidentSync(incidentID);
  const data = useIncident(incidentID);
  const events = useIncidentEvents(incidentID);
  const reload = useCallback(() => {
    syncIncident(incidentID).catch((error: unknown) =>
      console.error(`incident ${incidentID} could not be synced`, error),
    );
  }, [incidentID]);
  const sync: SyncStatus = {
    status:
      status.status === 'syncing'
        ? 'loading'
        : status.status === 'error'
          ? 'error'
          : status.status === 'offline'
            ? 'offline'
            : 'loaded',
    loaded: status.loaded,
    total: status.total,
    lastSyncedMicros: status.lastSyncedAt === undefined ? undefined : status.lastSyncedAt * 1000,
    message: status.error,
  };
  return { data, events, sync, reload };
}
