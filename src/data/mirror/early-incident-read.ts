/*
 * The incident's own rows (its payload, streams, actors, annotations) read as the app starts on its
 * address, beside the events' early read (main.tsx): the page's first render then has them, so a
 * reopen mounts the incident page, and its swimlane's kept picture, from its mount instead of after the
 * live query's first answer (which queued behind the events' read: 400 ms after the mount, s20). It
 * stands in only until that live query answers (useIncident), as what this device held a moment before.
 */
import { useSyncExternalStore } from 'react';
import { mirrorDatabase } from './mirror-database.ts';
import { readIncidentMirror, type IncidentMirror } from './mirror-queries.ts';

interface EarlyIncident {
  incidentID: number;
  data: IncidentMirror | undefined;
}

let early: EarlyIncident | undefined;
const listeners = new Set<() => void>();

/** Starts the read of the incident `pathname` names (an incident page's address); once a page. */
export function startIncidentReadAtStart(pathname: string): void {
  const match = /^\/incident\/(\d+)(?:\/|$)/.exec(pathname);
  if (!match || early) return;
  const incidentID = Number(match[1]);
  early = { incidentID, data: undefined };
  const started = performance.now();
  readIncidentMirror(mirrorDatabase(), incidentID)
    .then((data) => {
      // Seen in a trace (and by bench/reopen-profile.ts).
      performance.measure('churchkey: incident read early', { start: started, detail: { incidentID } });
      if (!data || early?.incidentID !== incidentID) return;
      early = { incidentID, data };
      for (const listener of listeners) listener();
    })
    // Failures only mean the page waits for its live query, as before.
    .catch(() => undefined);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The incident as read at start, when it is `incidentID`'s and has answered; undefined otherwise. */
export function useIncidentReadAtStart(incidentID: number): IncidentMirror | undefined {
  return useSyncExternalStore(subscribe, () => (early?.incidentID === incidentID ? early.data : undefined));
}

/**
 * Forgets the read once the page's live query has answered: used for the first page of the app's start
 * only, so a later page (an incident removed meanwhile, edited elsewhere) never mounts from it.
 */
export function dropIncidentReadAtStart(incidentID: number): void {
  if (early?.incidentID !== incidentID || early.data === undefined) return;
  early = { incidentID: 0, data: undefined };
  for (const listener of listeners) listener();
}
