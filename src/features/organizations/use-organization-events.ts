/*
 * Reads the events of all the organization's incidents page by page from the server (spec section 4:
 * loading, loaded, error; cancelled when the organization changes or the page closes, with no error).
 * Stops at a cap so a huge organization stays usable, and says so.
 */
import { useEffect, useState } from 'react';
import type { OrganizationEventRow, OrganizationEventSources } from '../../../domain/organization-events.ts';
import { isAbortError } from '../../data/api-client.ts';
import { fetchOrganizationEventPage, fetchOrganizationEventSources } from '../../data/organization-events-api.ts';

/** Events the organization's pictures hold at most (a million would not fit beside an incident's). */
export const ORGANIZATION_EVENT_CAP = 250_000;
const PAGE_SIZE = 20_000;

export type OrganizationEventsState =
  | { readonly phase: 'loading'; readonly loaded: number; readonly total: number | undefined }
  | {
      readonly phase: 'loaded';
      readonly sources: OrganizationEventSources;
      readonly rows: readonly OrganizationEventRow[];
      readonly capped: boolean;
    }
  | { readonly phase: 'error'; readonly message: string };

export function useOrganizationEvents(organizationID: number, incidentCount: number): OrganizationEventsState {
  const [state, setState] = useState<{ key: string; value: OrganizationEventsState } | undefined>(undefined);
  const key = `${organizationID}:${incidentCount}`;
  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    const set = (value: OrganizationEventsState) => {
      if (!signal.aborted) setState({ key, value });
    };
    (async () => {
      const sources = await fetchOrganizationEventSources(organizationID, signal);
      const rows: OrganizationEventRow[] = [];
      let after: string | null = null;
      set({ phase: 'loading', loaded: 0, total: sources.eventCount });
      for (;;) {
        const page = await fetchOrganizationEventPage(
          organizationID,
          { after, limit: Math.min(PAGE_SIZE, ORGANIZATION_EVENT_CAP - rows.length) },
          signal,
        );
        for (const event of page.events) rows.push(event);
        after = page.nextCursor;
        if (after === null || rows.length >= ORGANIZATION_EVENT_CAP) break;
        set({ phase: 'loading', loaded: rows.length, total: sources.eventCount });
      }
      set({ phase: 'loaded', sources, rows, capped: after !== null });
    })().catch((error: unknown) => {
      if (isAbortError(error) || signal.aborted) return;
      console.error(`organization ${organizationID} events could not be loaded`, error);
      set({ phase: 'error', message: error instanceof Error ? error.message : String(error) });
    });
    return () => controller.abort();
    // A new incident in the organization may bring events: read again.
  }, [organizationID, key]);
  return state?.key === key ? state.value : { phase: 'loading', loaded: 0, total: undefined };
}
