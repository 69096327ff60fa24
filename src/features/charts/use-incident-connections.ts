/*
 * Reads what joins an organization's incidents besides tags (organization actors, relations) for
 * cross-incident-connections. On failure the picture still draws what the mirror has (tags) and
 * says what is missing.
 */
import type { IncidentConnection } from '../../../domain/charts/incident-connections.ts';
import { fetchIncidentConnections } from '../../data/connections-api.ts';
import { shownValue, useApiRead } from '../../data/use-api-read.ts';

interface ConnectionsState {
  connections: IncidentConnection[] | undefined;
  error: string | undefined;
}

export function useIncidentConnections(organizationID: number, incidentCount: number): ConnectionsState {
  // A new incident in the list may bring new connections: read again (the count is in the key).
  const { state } = useApiRead(`connections ${organizationID} ${incidentCount}`, (signal) =>
    fetchIncidentConnections(organizationID, signal),
  );
  if (state.status === 'error')
    return { connections: [], error: state.error instanceof Error ? state.error.message : String(state.error) };
  return { connections: shownValue(state), error: undefined };
}
