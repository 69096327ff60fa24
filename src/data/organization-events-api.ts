/*
 * The organization's pictures read all its incidents' events from the server, a page at a time, not
 * from the mirror (which holds only the incidents opened on this device). Offline, the service
 * worker's cache of API reads answers what was read before.
 */
import {
  OrganizationEventPageSchema,
  OrganizationEventSourcesSchema,
  type OrganizationEventPage,
  type OrganizationEventSources,
} from '../../domain/organization-events.ts';
import { apiGet } from './api-client.ts';

export function fetchOrganizationEventSources(organizationID: number, signal?: AbortSignal): Promise<OrganizationEventSources> {
  return apiGet(`/api/organization/${organizationID}/event-sources`, OrganizationEventSourcesSchema, { signal });
}

export function fetchOrganizationEventPage(organizationID: number, options: { after: string | null; limit: number }, signal?: AbortSignal): Promise<OrganizationEventPage> {
  const query = new URLSearchParams({ limit: String(options.limit) });
  if (options.after !== null) query.set('after', options.after);
  return apiGet(`/api/organization/${organizationID}/events?${query.toString()}`, OrganizationEventPageSchema, { signal });
}
