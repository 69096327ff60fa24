/*
 * The screens' reads of the mirror: live queries that re-render when the rows change (a sync page
 * landing, an optimistic annotation). `undefined` while the first read runs.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import type { IncidentSummary } from '../../../domain/incident.ts';
import { mirrorDatabase, type OrganizationSummary } from './mirror-database.ts';
import {
  countIncidentEvents,
  readIncidentList,
  readIncidentMirror,
  readOrganization,
  readOrganizations,
  type IncidentMirror,
  type OrganizationMirror,
} from './mirror-queries.ts';

export function useOrganizations(): OrganizationSummary[] | undefined {
  return useLiveQuery(() => readOrganizations(mirrorDatabase()), []);
}

/** undefined while reading, and while the organization is not on this device. */
export function useOrganization(organizationID: number): OrganizationMirror | undefined {
  return useLiveQuery(() => readOrganization(mirrorDatabase(), organizationID), [organizationID]);
}

export function useIncidentList(organizationID?: number): IncidentSummary[] | undefined {
  return useLiveQuery(() => readIncidentList(mirrorDatabase(), organizationID), [organizationID]);
}

/** undefined while reading, and while the incident is not on this device (see useSyncStatus). */
export function useIncident(incidentID: number): IncidentMirror | undefined {
  return useLiveQuery(() => readIncidentMirror(mirrorDatabase(), incidentID), [incidentID]);
}

export function useEventCount(incidentID: number): number | undefined {
  return useLiveQuery(() => countIncidentEvents(mirrorDatabase(), incidentID), [incidentID]);
}
