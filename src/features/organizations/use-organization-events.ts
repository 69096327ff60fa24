/*
 * Reads the events of all the organization's incidents page by page from the server (spec section 4:
 * loading, loaded, error; cancelled when the organization changes or the page closes, with no error).
 * Stops at a cap so a huge organization stays usable, and says so.
 */
import type { OrganizationEventRow, OrganizationEventSources } from '../../../domain/organization-events.ts';
import { fetchOrganizationEventPage, fetchOrganizationEventSources } from '../../data/organization-events-api.ts';
import { logFailure, useApiRead } from '../../data/use-api-read.ts';

/** Events the organization's pictures hold at most (a million would not fit beside an incident's). */
export const ORGANIZATION_EVENT_CAP = 250_000;
const PAGE_SIZE = 20_000;

type OrganizationEventsState =
  | { readonly phase: 'loading'; readonly loaded: number; readonly total: number | undefined }
  | {
      readonly phase: 'loaded';
      readonly sources: OrganizationEventSources;
      readonly rows: readonly OrganizationEventRow[];
      readonly capped: boolean;
    }
  | { readonly phase: 'error'; readonly message: string };

type Loaded = Extract<OrganizationEventsState, { phase: 'loaded' }>;
type Progress = { loaded: number; total: number };

async function readAllEvents(
  organizationID: number,
  signal: AbortSignal,
  progress: (value: Progress) => void,
): Promise<Loaded> {
  const sources = await fetchOrganizationEventSources(organizationID, signal);
  const rows: OrganizationEventRow[] = [];
  let after: string | null = null;
  progress({ loaded: 0, total: sources.eventCount });
  for (;;) {
    const page = await fetchOrganizationEventPage(
      organizationID,
      { after, limit: Math.min(PAGE_SIZE, ORGANIZATION_EVENT_CAP - rows.length) },
      signal,
    );
    for (const event of page.events) rows.push(event);
    after = page.nextCursor;
    if (after === null || rows.length >= ORGANIZATION_EVENT_CAP) break;
    progress({ loaded: rows.length, total: sources.eventCount });
  }
  return { phase: 'loaded', sources, rows, capped: after !== null };
}

export function useOrganizationEvents(organizationID: number, incidentCount: number): OrganizationEventsState {
  // A new incident in the organization may bring events: read again.
  const { state } = useApiRead(`${organizationID}:${incidentCount}`, (signal, progress: (value: Progress) => void) =>
    readAllEvents(organizationID, signal, progress).catch(
      logFailure(`organization ${organizationID} events could not be loaded`, signal),
    ),
  );
  if (state.status === 'loaded') return state.value;
  if (state.status === 'error')
    return { phase: 'error', message: state.error instanceof Error ? state.error.message : String(state.error) };
  return {
    phase: 'loading',
    loaded: state.status === 'loading' ? (state.progress?.loaded ?? 0) : 0,
    total: state.status === 'loading' ? state.progress?.total : undefined,
  };
}
