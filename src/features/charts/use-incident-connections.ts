/*
 * Reads what joins an organization's incidents besides tags (organization actors, relations) for
 * cross-incident-connections. On failure the picture still draws what the mirror has (tags) and
 * says what is missing.
 */
import { useEffect, useState } from 'react';
import type { IncidentConnection } from '../../../domain/charts/incident-connections.ts';
import { isAbortError } from '../../data/api-client.ts';
import { fetchIncidentConnections } from '../../data/connections-api.ts';

export interface ConnectionsState {
  connections: IncidentConnection[] | undefined;
  error: string | undefined;
}

export function useIncidentConnections(organizationID: number, incidentCount: number): ConnectionsState {
  const [state, setState] = useState<ConnectionsState>({ connections: undefined, error: undefined });
  useEffect(() => {
    const controller = new AbortController();
    fetchIncidentConnections(organizationID, controller.signal)
      .then((connections) => setState({ connections, error: undefined }))
      .catch((error: unknown) => {
        if (isAbortError(error)) return;
        setState({ connections: [], error: error instanceof Error ? error.message : String(error) });
      });
    return () => controller.abort();
    // A new incident in the list may bring new connections: read again.
  }, [organizationID, incidentCount]);
  return state;
}
