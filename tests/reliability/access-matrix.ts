/*
 * The access matrix (reliability issue, part 2): for every route of /api and /auth, the answer each
 * of five callers must get, written once. access-matrix.test.ts sends every row and fails when a
 * route the app registers has no row here. What the product requires (PRODUCT.md "Identities and
 * permissions"): no session → 401; acting as an analyst one was not granted → 403 (before any
 * lookup, so ids cannot be probed through it); too little permission → 403; anything of an
 * organization one is not a member of → 404, word for word the answer for an id that does not exist;
 * administrators reach everything. Public sign-in routes answer everyone alike, and the import
 * progress URL is a capability: the token is the permission, no session is looked at.
 */
import type { Access } from '../../server/plugins/auth.ts';

export const CALLERS = ['none', 'reader', 'writerAsOther', 'otherOrg', 'admin'] as const;
/**
 * none: no session. reader: a read-only analyst, member of organization A (the target).
 * writerAsOther: a write analyst, member of A, sending X-Churchkey-Analyst of A's owner with no grant.
 * otherOrg: a write analyst of organization B only. admin: an administrator (member of nothing).
 */
export type Caller = (typeof CALLERS)[number];
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface AccessRow {
  method: Method;
  /** The route as Fastify registers it. */
  route: string;
  /** Tells apart two rows of one route sent with other parameters. */
  variant?: string;
  access: Access;
  expect: Record<Caller, number>;
  /** Registered only under this AUTH_MODE; the test sends these to an app built for it. */
  authMode?: 'local' | 'oidc';
}

type Five = [none: number, reader: number, writerAsOther: number, otherOrg: number, admin: number];

function row(
  method: Method,
  route: string,
  access: Access,
  [none, reader, writerAsOther, otherOrg, admin]: Five,
  variant?: string,
): AccessRow {
  return {
    method,
    route,
    access,
    expect: { none, reader, writerAsOther, otherOrg, admin },
    ...(variant === undefined ? {} : { variant }),
  };
}

const I = '/api/incident/:incidentID';
const MAP = `${I}/analyst/:analystID/map/:mapID`;

// Every id in a request is one of organization A's (or, for the "missing" twin the test also sends,
// an id of nothing); admin-only writes use A's spare objects, so the rows may run in any order.
export const ACCESS_MATRIX: AccessRow[] = [
  //                                                                         none reader as-other other-org admin
  row('GET', '/api/openapi.json', 'public', [200, 200, 200, 200, 200]),
  // Analysts are not behind an organization's wall: every signed-in user sees the list (the picker).
  row('GET', '/api/analysts', 'user', [401, 200, 403, 200, 200]),
  row('GET', '/api/analyst/:analystID', 'user', [401, 200, 403, 200, 200]),
  row('POST', '/api/analyst', 'user', [401, 403, 403, 201, 201]),
  row('POST', '/api/analyst/primary', 'user', [401, 409, 403, 409, 409]),
  row('PUT', '/api/analyst/:analystID/permission', 'admin', [401, 403, 403, 403, 200]),
  row('PUT', '/api/analyst/:analystID/grant/:userID', 'admin', [401, 403, 403, 403, 200]),
  row('DELETE', '/api/analyst/:analystID/grant/:userID', 'admin', [401, 403, 403, 403, 200]),
  row('GET', '/api/users', 'admin', [401, 403, 403, 403, 200]),
  row('POST', '/api/user', 'admin', [401, 403, 403, 403, 201]),
  // Every analyst records its own UI actions and reads its own audit; others' entries: administrators.
  row('POST', '/api/audit/action/:actionName', 'read', [401, 201, 403, 404, 201]),
  row('GET', '/api/audit/ui', 'read', [401, 200, 403, 200, 200]),
  row('GET', '/api/audit/ui', 'read', [401, 403, 403, 403, 200], "another analyst's entries"),
  row('GET', '/api/audit/data', 'read', [401, 200, 403, 200, 200]),
  row('GET', '/api/audit/data', 'read', [401, 403, 403, 403, 200], "another analyst's entries"),

  row('GET', '/api/organizations', 'read', [401, 200, 403, 200, 200]),
  row('POST', '/api/organization', 'write', [401, 403, 403, 201, 201]),
  row('GET', '/api/organization/:organizationID', 'read', [401, 200, 403, 404, 200]),
  row('PUT', '/api/organization/:organizationID', 'write', [401, 403, 403, 404, 200]),
  row('DELETE', '/api/organization/:organizationID', 'admin', [401, 403, 403, 403, 200]),
  row('PUT', '/api/organization/:organizationID/member/:analystID', 'admin', [401, 403, 403, 403, 200]),
  row('DELETE', '/api/organization/:organizationID/member/:analystID', 'admin', [401, 403, 403, 403, 200]),
  row('GET', '/api/organization/:organizationID/connections', 'read', [401, 200, 403, 404, 200]),
  row('GET', '/api/organization/:organizationID/event-sources', 'read', [401, 200, 403, 404, 200]),
  row('GET', '/api/organization/:organizationID/events', 'read', [401, 200, 403, 404, 200]),
  row('POST', '/api/organization/:organizationID/incident', 'write', [401, 403, 403, 404, 201]),
  row('POST', '/api/organization/:organizationID/actor', 'write', [401, 403, 403, 404, 201]),
  row('PUT', '/api/organization/:organizationID/actors', 'write', [401, 403, 403, 404, 200]),
  row('DELETE', '/api/organization/:organizationID/actor/:actorID', 'write', [401, 403, 403, 404, 200]),

  row('GET', '/api/incidents', 'read', [401, 200, 403, 200, 200]),
  row('GET', '/api/incidents', 'read', [401, 200, 403, 404, 200], 'of organization A'),
  row('POST', '/api/incident', 'write', [401, 403, 403, 404, 201]),
  row('GET', I, 'read', [401, 200, 403, 404, 200]),
  row('PUT', I, 'write', [401, 403, 403, 404, 200]),
  row('DELETE', I, 'admin', [401, 403, 403, 403, 200]),
  row('GET', `${I}/events`, 'read', [401, 200, 403, 404, 200]),
  row('GET', `${I}/events.ndjson`, 'read', [401, 200, 403, 404, 200]),
  row('GET', `${I}/changes`, 'read', [401, 200, 403, 404, 200]),
  row('POST', `${I}/event`, 'write', [401, 403, 403, 404, 201]),
  row('POST', `${I}/marker`, 'write', [401, 403, 403, 404, 201]),
  row('POST', `${I}/stream`, 'write', [401, 403, 403, 404, 201]),
  row('POST', `${I}/actor`, 'write', [401, 403, 403, 404, 201]),
  row('PUT', `${I}/actor/:actorID`, 'write', [401, 403, 403, 404, 200]),
  row('DELETE', `${I}/actor/:actorID`, 'write', [401, 403, 403, 404, 200]),
  row('POST', `${I}/collection`, 'write', [401, 403, 403, 404, 201]),
  row('PUT', `${I}/tag/:tagName`, 'write', [401, 403, 403, 404, 201]),
  row('DELETE', `${I}/tag/:tagName`, 'write', [401, 403, 403, 404, 200]),
  row('PUT', `${I}/tag-style`, 'write', [401, 403, 403, 404, 200]),
  row('POST', `${I}/note`, 'write', [401, 403, 403, 404, 201]),
  row('POST', `${I}/link`, 'write', [401, 403, 403, 404, 201]),
  row('PUT', `${I}/related/:relatedIncidentID`, 'write', [401, 403, 403, 404, 201]),
  row('DELETE', `${I}/related/:relatedIncidentID`, 'write', [401, 403, 403, 404, 200]),
  row('POST', `${I}/upload`, 'write', [401, 403, 403, 404, 201]),
  row('POST', `${I}/import`, 'write', [401, 403, 403, 404, 201]),
  row('POST', `${I}/map`, 'write', [401, 403, 403, 404, 201]),
  // The map calls name the acting analyst in the path; each caller names its own.
  row('GET', MAP, 'read', [401, 200, 403, 404, 200]),
  row('GET', `${MAP}/points`, 'read', [401, 200, 403, 404, 200]),
  row('GET', `${MAP}/points/page/0`, 'read', [401, 200, 403, 404, 200]),
  row('GET', `${MAP}/invalid`, 'read', [401, 200, 403, 404, 200]),
  row('GET', `${MAP}/raw`, 'read', [401, 200, 403, 404, 200]),
  // Where the globe's online imagery comes from: any signed-in user acting as themselves.
  row('GET', '/api/map/imagery', 'user', [401, 200, 403, 200, 200]),
  // A capability URL: whoever holds the token sees the counts, signed in or not, and nobody else can.
  row('GET', '/api/import/progress/:token', 'capability', [200, 200, 200, 200, 200]),
  row('GET', '/api/import/progress/:token', 'capability', [404, 404, 404, 404, 404], 'unknown token'),

  row('GET', '/api/stream/:streamID', 'read', [401, 200, 403, 404, 200]),
  row('PUT', '/api/stream/:streamID', 'write', [401, 403, 403, 404, 200]),
  row('DELETE', '/api/stream/:streamID', 'write', [401, 403, 403, 404, 200]),
  row('PUT', '/api/stream/:streamID/tag/:tagName', 'write', [401, 403, 403, 404, 201]),
  row('DELETE', '/api/stream/:streamID/tag/:tagName', 'write', [401, 403, 403, 404, 200]),
  row('POST', '/api/stream/:streamID/import/check', 'write', [401, 403, 403, 404, 200]),
  row('POST', '/api/stream/:streamID/import', 'write', [401, 403, 403, 404, 200]),

  row('GET', '/api/event/:eventID', 'read', [401, 200, 403, 404, 200]),
  row('PUT', '/api/event/:eventID', 'write', [401, 403, 403, 404, 200]),
  row('DELETE', '/api/event/:eventID', 'write', [401, 403, 403, 404, 200]),
  row('POST', '/api/event/:eventID/thread', 'write', [401, 403, 403, 404, 201]),
  row('PUT', '/api/event/:eventID/tag/:tagName', 'write', [401, 403, 403, 404, 201]),
  row('DELETE', '/api/event/:eventID/tag/:tagName', 'write', [401, 403, 403, 404, 200]),
  row('PUT', '/api/event/:eventID/symbol', 'write', [401, 403, 403, 404, 200]),
  // Search covers what the analyst may read: B's analyst finds nothing of A, and naming A is a 404.
  row('GET', '/api/events/search', 'read', [401, 200, 403, 200, 200]),
  row('GET', '/api/events/search', 'read', [401, 200, 403, 404, 200], 'in incident A'),
  row('POST', '/api/events/search', 'admin', [401, 403, 403, 403, 200]),

  row('PUT', '/api/collection/:collectionID', 'write', [401, 403, 403, 404, 200]),
  row('DELETE', '/api/collection/:collectionID', 'write', [401, 403, 403, 404, 200]),
  row('POST', '/api/collection/:collectionID/events', 'write', [401, 403, 403, 404, 200]),
  row('DELETE', '/api/collection/:collectionID/events', 'write', [401, 403, 403, 404, 200]),
  row('PUT', '/api/note/:noteID', 'write', [401, 403, 403, 404, 200]),
  row('DELETE', '/api/note/:noteID', 'write', [401, 403, 403, 404, 200]),
  row('DELETE', '/api/link/:linkID', 'write', [401, 403, 403, 404, 200]),
  row('GET', '/api/upload/:uploadID', 'read', [401, 200, 403, 404, 200]),
  row('GET', '/api/upload/:uploadID/content', 'read', [401, 200, 403, 404, 200]),
  row('DELETE', '/api/upload/:uploadID', 'write', [401, 403, 403, 404, 200]),

  // Sign-in: public. The acting-analyst header means nothing here, so writer-as-other is answered.
  row('GET', '/auth/user', 'public', [401, 200, 200, 200, 200]),
  row('GET', '/auth/login', 'public', [200, 303, 303, 303, 303]),
  { ...row('POST', '/auth/login', 'public', [200, 200, 200, 200, 200]), authMode: 'local' },
  row('GET', '/auth/logout', 'public', [200, 200, 200, 200, 200]),
  row('POST', '/auth/logout', 'public', [303, 303, 303, 303, 303]),
  row('GET', '/auth/link/:token', 'public', [400, 400, 400, 400, 400], 'used or unknown link'),
  { ...row('GET', '/auth/callback', 'public', [400, 400, 400, 400, 400], 'no such flow'), authMode: 'oidc' },
];

export const rowKey = (row: Pick<AccessRow, 'method' | 'route' | 'variant'>) =>
  `${row.method} ${row.route}${row.variant ? ` (${row.variant})` : ''}`;

/**
 * Where the rows for sign-in mode `mode` and the routes an app of that mode registers ("GET /api/x")
 * disagree: routes with no row, and rows for routes the app does not register.
 */
export function matrixGaps(registered: readonly string[], mode: 'local' | 'oidc') {
  const tabled = new Set(
    ACCESS_MATRIX.filter((row) => row.authMode === undefined || row.authMode === mode).map(
      (row) => `${row.method} ${row.route}`,
    ),
  );
  return {
    untabled: registered.filter((route) => !tabled.has(route)),
    unregistered: [...tabled].filter((route) => !registered.includes(route)),
  };
}
