/*
 * The mirror's sources bound to the API: each answer parsed with the domain schema the server
 * serialises it through, then the sync entry points the app calls.
 */
import { z } from 'zod';
import { IncidentSummarySchema, OrganizationSummarySchema } from '../../../domain/incident-data.ts';
import { IncidentChangesSchema } from '../../../domain/incident-changes.ts';
import { EventPageSchema, IncidentPayloadSchema, type IncidentPayload } from '../../../domain/incident-payload.ts';
import { OrganizationDetailSchema } from '../../../domain/organization-payload.ts';
import { apiGet, apiGetConditional, getActingAnalystID, isAbortError } from '../api-client.ts';
import { warmGlobeFiles } from '../warm-globe-files.ts';
import { askPersistenceOnce } from './device-storage.ts';
import { syncMapPoints } from './map-points-mirror.ts';
import { mirrorDatabase } from './mirror-database.ts';
import { MIRROR_SYNC } from './mirror-sync-header.ts';
import { fetchEventColumnPage } from './event-column-page.ts';
import { syncIncidentFrom, type IncidentSource, type SyncOptions } from './sync-incident.ts';
import { syncIncidentListFrom, syncOrganizationFrom, syncOrganizationsFrom, type ListSource } from './sync-lists.ts';

/**
 * The last payload answer per incident and acting analyst, with its ETag: sent back as If-None-Match,
 * a 304 proves it current and no payload travels or is parsed. Kept in memory for a few incidents.
 */
const heldPayloads = new Map<string, { etag: string; payload: IncidentPayload }>();
const HELD_PAYLOADS = 4;

const PayloadAnswer = z.object({ incident: IncidentPayloadSchema });
const ChangesAnswer = z.object({ changes: IncidentChangesSchema });
const OrganizationsAnswer = z.object({ organizations: z.object({ items: z.array(OrganizationSummarySchema) }) });
const OrganizationAnswer = z.object({ organization: OrganizationDetailSchema });
const IncidentsAnswer = z.object({ incidents: z.object({ items: z.array(IncidentSummarySchema) }) });

export const apiIncidentSource: IncidentSource = {
  async payload(incidentID, signal) {
    const key = `${incidentID} ${getActingAnalystID()}`;
    const held = heldPayloads.get(key);
    const answer = await apiGetConditional(`/api/incident/${incidentID}`, PayloadAnswer, held?.etag, { signal, headers: MIRROR_SYNC });
    if (!answer.changed && held) return held.payload;
    if (!answer.changed) throw new Error('the server answered 304 to a request that held no ETag');
    heldPayloads.delete(key);
    if (answer.etag !== undefined) heldPayloads.set(key, { etag: answer.etag, payload: answer.value.incident });
    if (heldPayloads.size > HELD_PAYLOADS) heldPayloads.delete(heldPayloads.keys().next().value!);
    return answer.value.incident;
  },
  eventPage(incidentID, after, limit, signal) {
    const query = new URLSearchParams({ limit: String(limit) });
    if (after !== undefined) query.set('after', after);
    return apiGet(`/api/incident/${incidentID}/events?${query}`, EventPageSchema, { signal, headers: MIRROR_SYNC });
  },
  eventColumnPage(incidentID, after, limit, signal) {
    return fetchEventColumnPage(incidentID, after, limit, signal);
  },
  async changes(incidentID, since, epoch, after, signal) {
    const query = new URLSearchParams({ since: String(since), epoch });
    if (after !== undefined) query.set('after', after);
    return (await apiGet(`/api/incident/${incidentID}/changes?${query}`, ChangesAnswer, { signal, headers: MIRROR_SYNC })).changes;
  },
  async organizationReadable(organizationID, signal) {
    try {
      await apiGet(`/api/organization/${organizationID}`, z.unknown(), { signal, headers: MIRROR_SYNC });
      return true;
    } catch (error) {
      if (typeof error === 'object' && error !== null && 'status' in error && error.status === 404) return false;
      throw error;
    }
  },
};

export const apiListSource: ListSource = {
  async organizations(signal) {
    return (await apiGet('/api/organizations', OrganizationsAnswer, { signal, headers: MIRROR_SYNC })).organizations.items;
  },
  async organization(organizationID, signal) {
    return (await apiGet(`/api/organization/${organizationID}`, OrganizationAnswer, { signal, headers: MIRROR_SYNC })).organization;
  },
  async incidents(organizationID, signal) {
    const query = organizationID === undefined ? '' : `?organizationID=${organizationID}`;
    return (await apiGet(`/api/incidents${query}`, IncidentsAnswer, { signal, headers: MIRROR_SYNC })).incidents.items;
  },
};

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

export function syncOrganizations(options: { signal?: AbortSignal } = {}): Promise<void> {
  return syncOrganizationsFrom(mirrorDatabase(), apiListSource, options.signal);
}

export function syncOrganization(organizationID: number, options: { signal?: AbortSignal } = {}): Promise<void> {
  return syncOrganizationFrom(mirrorDatabase(), apiListSource, organizationID, options.signal);
}

export function syncIncidentList(organizationID?: number, options: { signal?: AbortSignal } = {}): Promise<void> {
  return syncIncidentListFrom(mirrorDatabase(), apiListSource, organizationID, options.signal);
}
