/*
 * The cross-incident-connections picture's extra data (organization actors and related incidents
 * per incident; tags come from the mirror). Not mirrored: offline, the service worker's
 * network-first cache of API reads answers it (vite.config.ts, runtime caching).
 */
import { IncidentConnectionsAnswerSchema, type IncidentConnection } from '../../domain/charts/incident-connections.ts';
import { apiGet } from './api-client.ts';

export async function fetchIncidentConnections(organizationID: number, signal?: AbortSignal): Promise<IncidentConnection[]> {
  return (await apiGet(`/api/organization/${organizationID}/connections`, IncidentConnectionsAnswerSchema, { signal })).connections;
}
