/*
 * What this device keeps: the browser's storage figures (usage, quota, whether it may evict them)
 * and the incidents held in the mirror, for the analyst's "Storage on this device" panel.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import type { IncidentSummary } from '../../../domain/incident.ts';
import { eventNumbersCopyBytes } from './event-numbers-copy.ts';
import { mirrorDatabase, type SyncStatusName } from './mirror-database.ts';

export interface DeviceStorage {
  /** false where the browser has no StorageManager (then nothing else is known). */
  supported: boolean;
  usageBytes?: number;
  quotaBytes?: number;
  /** true: the browser will not evict the mirror under storage pressure. */
  persisted?: boolean;
}

export async function readDeviceStorage(): Promise<DeviceStorage> {
  if (!navigator.storage?.estimate) return { supported: false };
  const [estimate, persisted] = await Promise.all([navigator.storage.estimate(), navigator.storage.persisted?.() ?? Promise.resolve(false)]);
  const figures: DeviceStorage = { supported: true, persisted };
  if (estimate.usage !== undefined) figures.usageBytes = estimate.usage;
  if (estimate.quota !== undefined) figures.quotaBytes = estimate.quota;
  return figures;
}

/** Asks the browser to keep this site's data under pressure; answers whether it agreed. */
export async function requestPersistentStorage(): Promise<boolean> {
  if (!navigator.storage?.persist) return false;
  return navigator.storage.persist();
}

let asked = false;

/**
 * Once per page life, when an incident has just been mirrored: ask that the browser keep the data.
 * Chromium answers from its own heuristics without a prompt; other browsers may ask the analyst,
 * which is why it waits for the first incident rather than running at start.
 */
export function askPersistenceOnce(): void {
  if (asked || !navigator.storage?.persist) return;
  asked = true;
  navigator.storage
    .persisted()
    .then((persisted) => (persisted ? true : navigator.storage.persist()))
    .catch((error: unknown) => console.error('persistent storage could not be requested', error));
}

export interface MirroredIncident {
  incidentID: number;
  /** The summary, when the incident itself is in the mirror. */
  incident?: IncidentSummary;
  eventsLoaded: number;
  status: SyncStatusName;
  lastSyncedAt?: number;
}

/** The incidents opened on this device (those with a sync record), most recently synced first. */
export function useMirroredIncidents(): MirroredIncident[] | undefined {
  return useLiveQuery(async () => {
    const db = mirrorDatabase();
    const states = await db.syncState.toArray();
    const incidents = await db.incidents.bulkGet(states.map((state) => state.incidentID));
    return states
      .map((state, index) => {
        const row: MirroredIncident = { incidentID: state.incidentID, eventsLoaded: state.eventsLoaded, status: state.status };
        const incident = incidents[index];
        if (incident) row.incident = incident;
        if (state.lastSyncedAt !== undefined) row.lastSyncedAt = state.lastSyncedAt;
        return row;
      })
      .sort((a, b) => (b.lastSyncedAt ?? 0) - (a.lastSyncedAt ?? 0) || a.incidentID - b.incidentID);
  }, []);
}

/**
 * The bytes of each mirrored incident's fast copy (event-numbers-copy.ts), outside IndexedDB but part of
 * what this device keeps; read again when the list changes. Undefined until read.
 */
export function useFastCopyBytes(incidents: readonly MirroredIncident[] | undefined): Map<number, number> | undefined {
  const [sizes, setSizes] = useState<Map<number, number>>();
  // What changes when a copy may have: the incidents held, and when each was last synced.
  const key = incidents?.map((row) => `${row.incidentID}:${row.lastSyncedAt ?? ''}`).join(' ');
  useEffect(() => {
    if (key === undefined) return;
    let current = true;
    const incidentIDs = key === '' ? [] : key.split(' ').map((entry) => Number(entry.split(':')[0]));
    eventNumbersCopyBytes(incidentIDs).then(
      (read) => current && setSizes(read),
      (error: unknown) => console.error('the fast copies on this device could not be measured', error),
    );
    return () => {
      current = false;
    };
  }, [key]);
  return sizes;
}
