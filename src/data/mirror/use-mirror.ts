/*
 * The screens' reads of the mirror: live queries that re-render when the rows change (a sync page
 * landing, an optimistic annotation). `undefined` while the first read runs.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useState } from 'react';
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
import { dropIncidentReadAtStart, useIncidentReadAtStart } from './early-incident-read.ts';

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

const READING: unique symbol = Symbol('reading');

/**
 * undefined while reading, and while the incident is not on this device (see useSyncStatus). On the
 * app's first page the read made as it started stands in until the live query's first answer
 * (early-incident-read.ts), and stays the same object when that answer holds the same rows, so the
 * page does not filter and lay out its events again for it.
 */
export function useIncident(incidentID: number): IncidentMirror | undefined {
  const live = useLiveQuery(() => readIncidentMirror(mirrorDatabase(), incidentID), [incidentID], READING);
  const early = useIncidentReadAtStart(incidentID);
  const answered = live !== READING;
  // What this hook showed before its live query answered (kept: another hook's answer may drop the read).
  const [shownEarly, setShownEarly] = useState<IncidentMirror | undefined>(undefined);
  if (!answered && early !== undefined && early !== shownEarly) setShownEarly(early);
  useEffect(() => {
    if (answered) dropIncidentReadAtStart(incidentID);
  }, [answered, incidentID]);
  // The read at start answered the same rows: the page keeps the object it already shows.
  const same = useMemo(
    () => answered && live !== undefined && shownEarly !== undefined && JSON.stringify(live) === JSON.stringify(shownEarly),
    [answered, live, shownEarly],
  );
  if (live === READING) return early ?? (shownEarly?.incident.id === incidentID ? shownEarly : undefined);
  return same ? shownEarly : live;
}

export function useEventCount(incidentID: number): number | undefined {
  return useLiveQuery(() => countIncidentEvents(mirrorDatabase(), incidentID), [incidentID]);
}
