/*
 * The incident a page shows and how far its loading is. Reads from the server until the local
 * mirror lands; then this file wraps the mirror's hooks and the screens stay as they are.
 */
import { useCallback, useEffect, useState } from 'react';
import { isAbortError } from '../../data/api-client.ts';
import { fetchIncident } from './incident-api.ts';
import type { EventRow, IncidentData } from './incident-data.ts';

export interface IncidentSync {
  status: 'loading' | 'loaded' | 'error';
  loaded: number;
  total: number | undefined;
  lastSyncedMicros: number | undefined;
  message?: string;
}

export interface IncidentSource {
  data: IncidentData | undefined;
  events: readonly EventRow[] | undefined;
  sync: IncidentSync;
  reload: () => void;
}

export function useIncidentSource(incidentID: number): IncidentSource {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<{ key: string; data?: IncidentData; events?: EventRow[]; sync: IncidentSync }>({ key: '', sync: { status: 'loading', loaded: 0, total: undefined, lastSyncedMicros: undefined } });
  const key = `${incidentID} ${attempt}`;
  useEffect(() => {
    const controller = new AbortController();
    fetchIncident(incidentID, controller.signal, (loaded, total) => setState((current) => ({ ...current, sync: { ...current.sync, loaded, total } }))).then(
      ({ data, events }) => setState({ key, data, events, sync: { status: 'loaded', loaded: events.length, total: events.length, lastSyncedMicros: Date.now() * 1000 } }),
      (error: unknown) => {
        if (controller.signal.aborted || isAbortError(error)) return;
        console.error(`incident ${incidentID} could not be loaded`, error);
        setState((current) => ({ ...current, sync: { ...current.sync, status: 'error', message: error instanceof Error ? error.message : String(error) } }));
      },
    );
    return () => controller.abort();
  }, [incidentID, key]);
  const reload = useCallback(() => setAttempt((count) => count + 1), []);
  const current = state.key === key || state.data?.incident.id === incidentID;
  const sync: IncidentSync = state.key === key ? state.sync : { ...state.sync, status: 'loading' };
  return { data: current ? state.data : undefined, events: current ? state.events : undefined, sync, reload };
}
