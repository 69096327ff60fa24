/*
 * What the load sends: the reads and writes the app makes while analysts work on one incident, as
 * the app makes them (src/data/mirror/api-source.ts, features/incident/event-search-api.ts,
 * data/outbox/enqueue-write.ts): the incident payload, the events in pages of 10,000, an incident's
 * search with 100 results a page, and UI audit actions, each with its own clientID sent as the
 * Idempotency-Key.
 */
import { randomUUID } from 'node:crypto';
import type autocannon from 'autocannon';
import type { LoadTarget } from './load-target.ts';

/** The app's page of events (EVENT_PAGE_SIZE of src/data/mirror/sync-incident.ts, a browser module). */
const EVENT_PAGE_SIZE = 10_000;

export interface LoadScenario {
  name: string;
  /** What one request is, for the figures. */
  request: string;
  requests: autocannon.Request[];
}

/** Picks the items of a list in turn, across all connections. */
function rotation<T>(items: readonly T[]): () => T {
  let next = 0;
  return () => items[next++ % items.length]!;
}

export function incidentScenario(target: LoadTarget): LoadScenario {
  return {
    name: 'incident',
    request: `GET /api/incident/${target.incidentID}`,
    requests: [{ method: 'GET', path: `/api/incident/${target.incidentID}` }],
  };
}

/** The cursors of every page of the incident's events, as a full sync walks them, and the events counted. */
export async function eventPageCursors(
  target: LoadTarget,
): Promise<{ cursors: Array<string | undefined>; events: number }> {
  const cursors: Array<string | undefined> = [undefined];
  let events = 0;
  for (;;) {
    const after = cursors[cursors.length - 1];
    const query = new URLSearchParams({ limit: String(EVENT_PAGE_SIZE), ...(after === undefined ? {} : { after }) });
    const response = await fetch(`${target.url}/api/incident/${target.incidentID}/events?${query}`, {
      headers: target.headers,
    });
    if (response.status !== 200) throw new Error(`events page: ${response.status} ${await response.text()}`);
    const page = (await response.json()) as { events: unknown[]; nextCursor: string | null };
    events += page.events.length;
    if (page.nextCursor === null) return { cursors, events };
    cursors.push(page.nextCursor);
  }
}

export function eventsScenario(target: LoadTarget, cursors: ReadonlyArray<string | undefined>): LoadScenario {
  const nextCursor = rotation(cursors);
  const base = `/api/incident/${target.incidentID}/events?limit=${EVENT_PAGE_SIZE}`;
  return {
    name: 'events pages',
    request: `GET /api/incident/${target.incidentID}/events?limit=${EVENT_PAGE_SIZE}&after=… (the ${cursors.length} pages in turn)`,
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => {
          const after = nextCursor();
          return { ...request, path: after === undefined ? base : `${base}&after=${encodeURIComponent(after)}` };
        },
      },
    ],
  };
}

/** Searches an analyst would type about the outages of the demo data and server/demo/synthetic-events.ts. */
const SEARCH_TERMS = [
  'pgbouncer',
  'checkout error',
  '"connection refused"',
  'rollback or failover',
  'timeout -TLS',
  'db-orders-01',
  'orders',
  'PostgresTooManyConnections',
];

export function searchScenario(target: LoadTarget): LoadScenario {
  const nextTerm = rotation(SEARCH_TERMS);
  return {
    name: 'search',
    request: `GET /api/events/search?q=…&incidentID=${target.incidentID}&limit=100 (${SEARCH_TERMS.length} terms in turn)`,
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => {
          const query = new URLSearchParams({
            q: nextTerm(),
            incidentID: String(target.incidentID),
            limit: '100',
            offset: '0',
          });
          return { ...request, path: `/api/events/search?${query}` };
        },
      },
    ],
  };
}

/** The clientIDs of the audit writes sent, and of those answered 2xx. */
export interface AuditLedger {
  actionName: string;
  sent: Map<string, string>;
  answered: Set<string>;
  refused: Array<{ status: number; body: string }>;
}

export function auditScenario(target: LoadTarget, actionName: string): { scenario: LoadScenario; ledger: AuditLedger } {
  const ledger: AuditLedger = { actionName, sent: new Map(), answered: new Set(), refused: [] };
  const path = `/api/audit/action/${encodeURIComponent(actionName)}`;
  let sequence = 0;
  const scenario: LoadScenario = {
    name: 'audit writes',
    request: `POST ${path} (JSON body with clientID, Idempotency-Key = clientID)`,
    requests: [
      {
        method: 'POST',
        setupRequest: (request, context) => {
          const clientID = randomUUID();
          sequence += 1;
          const body = JSON.stringify({
            incidentID: target.incidentID,
            value: { sequence },
            clientID,
            clientTimestamp: Date.now() * 1000,
          });
          ledger.sent.set(clientID, body);
          (context as { clientID?: string }).clientID = clientID;
          return {
            ...request,
            path,
            headers: { ...request.headers, 'content-type': 'application/json', 'idempotency-key': clientID },
            body,
          };
        },
        onResponse: (status, body, context) => {
          const clientID = (context as { clientID?: string }).clientID!;
          if (status >= 200 && status < 300) ledger.answered.add(clientID);
          else ledger.refused.push({ status, body: body.slice(0, 300) });
        },
      },
    ],
  };
  return { scenario, ledger };
}
