/*
 * The app's entry to an incident's sync: the incident through the API sources into the device's
 * mirror, then the points of its maps, so everything the incident page draws is here offline.
 */
import { getActingAnalystID, isAbortError } from '../api-client.ts';
import { warmGlobeFiles } from '../warm-globe-files.ts';
import { apiIncidentSource } from './api-source.ts';
import { askPersistenceOnce } from './device-storage.ts';
import { scheduleEventNumbersCopy } from './event-numbers-copy.ts';
import { syncMapPoints } from './map-points-mirror.ts';
import { mirrorDatabase } from './mirror-database.ts';
import { syncIncidentFrom, type SyncOptions } from './sync-incident.ts';

/**
 * Fetches the incident (payload, then its events in pages) into the mirror, then the points of its
 * maps that are not on the device yet, so a map replays offline even if it was never opened online;
 * rejects as the incident's fetch does. A map whose points fail is left for the map picture, which
 * syncs them again when opened and says why it cannot. With a map, the globe's own files are then
 * warmed into the service worker's cache in the background (warm-globe-files.ts).
 */
export async function syncIncident(incidentID: number, options: SyncOptions = {}): Promise<void> {
  const db = mirrorDatabase();
  await syncIncidentFrom(db, apiIncidentSource, incidentID, options);
  askPersistenceOnce();
  if (options.events === false) return;
  // The events settled (a full sync, a catch-up or nothing new): the fast copy follows when idle.
  scheduleEventNumbersCopy(incidentID);
  const maps = await db.maps.where('incidentID').equals(incidentID).toArray();
  for (const map of maps) {
    try {
      await syncMapPoints({ incidentID, mapID: map.id, validPointCount: map.validPointCount }, getActingAnalystID(), { signal: options.signal });
    } catch (error) {
      if (isAbortError(error)) throw error;
    }
  }
  if (maps.length > 0) warmGlobeFiles();
}
