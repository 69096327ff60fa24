/*
 * The mirror's sources bound to the API: each answer parsed with the domain schema the server
 * serialises it through, then the list syncs the app calls (an incident's: sync-incident-from-api.ts).
 */
import { z } from 'zod';
import { IncidentSummarySchema } from '../../../domain/incident.ts';
import { OrganizationSummarySchema } from '../../../domain/organization.ts';
import { IncidentChangesSchema } from '../../../domain/incident-changes.ts';
import { EventPageSchema, IncidentPayloadSchema, type IncidentPayload } from '../../../domain/incident-payload.ts';
import { OrganizationDetailSchema } from '../../../domain/organization-payload.ts';
import { apiGet, apiGetConditional, getActingAnalystID } from '../api-client.ts';
import { mirrorDatabase } from './mirror-database.ts';
import { MIRROR_SYNC } from './mirror-sync-header.ts';
import { fetchEventColumnPage } from './event-column-page.ts';
import type { IncidentSource } from './sync-incident.ts';
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

const apiListSource: ListSource = {
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

export function syncOrganizations(options: { signal?: AbortSignal } = {}): Promise<void> {
  return syncOrganizationsFrom(mirrorDatabase(), apiListSource, options.signal);
}

export function syncOrganization(organizationID: number, options: { signal?: AbortSignal } = {}): Promise<void> {
  return syncOrganizationFrom(mirrorDatabase(), apiListSource, organizationID, options.signal);
}

export function syncIncidentList(organizationID?: number, options: { signal?: AbortSignal } = {}): Promise<void> {
  return syncIncidentListFrom(mirrorDatabase(), apiListSource, organizationID, options.signal);
}
