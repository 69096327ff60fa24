/*
 * The request each row of the access matrix sends: realistic parameters (ids of organization A's
 * objects, a body the route accepts) so that the only reason for a refusal is who asks. Given the
 * "missing" ids instead of A's, the same request names nothing: the "does not exist" twin.
 */
import { randomBytes } from 'node:crypto';
import { TEST_PASSWORD } from '../support/test-server.ts';
import type { Caller } from './access-matrix.ts';
import { importForm, mapForm, SECRET, uploadForm, type TargetIds, type World } from './access-world.ts';

export interface MatrixRequest {
  url: string;
  payload?: object | FormData;
  /** The call ends the caller's session: it gets a session of its own for it. */
  freshSession?: boolean;
}

type Build = (ids: TargetIds, world: World, caller: Caller) => MatrixRequest;

const T = 1_700_000_100_000_000;
const I = '/api/incident/:incidentID';
const MAP = `${I}/analyst/:analystID/map/:mapID`;
const mapUrl = (ids: TargetIds, world: World, caller: Caller, rest = '') =>
  `/api/incident/${ids.incidentID}/analyst/${world.actingAnalyst[caller]}/map/${ids.mapID}${rest}`;
const unguessable = () => randomBytes(24).toString('base64url');

/** Keyed like rowKey(): "METHOD route (variant)". */
export const MATRIX_REQUESTS: Record<string, Build> = {
  'GET /api/openapi.json': () => ({ url: '/api/openapi.json' }),
  'GET /api/analysts': () => ({ url: '/api/analysts' }),
  'GET /api/map/imagery': () => ({ url: '/api/map/imagery' }),
  'GET /api/analyst/:analystID': (_ids, w) => ({ url: `/api/analyst/${w.sessions.owner.userID}` }),
  'POST /api/analyst': () => ({
    url: '/api/analyst',
    payload: { name: 'Interviewee', email: 'interviewee@example.org' },
  }),
  'POST /api/analyst/primary': () => ({ url: '/api/analyst/primary', payload: { name: 'Primary', email: '' } }),
  'PUT /api/analyst/:analystID/permission': (_ids, w) => ({
    url: `/api/analyst/${w.bystanderAnalystID}/permission`,
    payload: { permission: 'write' },
  }),
  'PUT /api/analyst/:analystID/grant/:userID': (_ids, w) => ({
    url: `/api/analyst/${w.bystanderAnalystID}/grant/${w.bystanderUser.id}`,
  }),
  'DELETE /api/analyst/:analystID/grant/:userID': (_ids, w) => ({
    url: `/api/analyst/${w.memberAnalystID}/grant/${w.bystanderUser.id}`,
  }),
  'GET /api/users': () => ({ url: '/api/users' }),
  'POST /api/user': () => ({
    url: '/api/user',
    payload: {
      username: `new-${unguessable().slice(0, 8).toLowerCase()}`,
      password: 'a long enough password',
      name: 'New',
    },
  }),
  'POST /api/audit/action/:actionName': (ids) => ({
    url: '/api/audit/action/open incident',
    payload: { incidentID: ids.incidentID, value: 'from the access matrix' },
  }),
  'GET /api/audit/ui': () => ({ url: '/api/audit/ui' }),
  "GET /api/audit/ui (another analyst's entries)": (_ids, w) => ({
    url: `/api/audit/ui?analystID=${w.sessions.owner.userID}`,
  }),
  'GET /api/audit/data': () => ({ url: '/api/audit/data' }),
  "GET /api/audit/data (another analyst's entries)": (_ids, w) => ({
    url: `/api/audit/data?analystID=${w.sessions.owner.userID}`,
  }),

  'GET /api/organizations': () => ({ url: '/api/organizations' }),
  'POST /api/organization': () => ({ url: '/api/organization', payload: { name: 'New organization' } }),
  'GET /api/organization/:organizationID': (ids) => ({ url: `/api/organization/${ids.organizationID}` }),
  'PUT /api/organization/:organizationID': (ids) => ({
    url: `/api/organization/${ids.organizationID}`,
    payload: { description: 'changed by the matrix' },
  }),
  'DELETE /api/organization/:organizationID': (ids) => ({ url: `/api/organization/${ids.spareOrganizationID}` }),
  'PUT /api/organization/:organizationID/member/:analystID': (ids, w) => ({
    url: `/api/organization/${ids.organizationID}/member/${w.bystanderAnalystID}`,
  }),
  'DELETE /api/organization/:organizationID/member/:analystID': (ids, w) => ({
    url: `/api/organization/${ids.organizationID}/member/${w.memberAnalystID}`,
  }),
  'GET /api/organization/:organizationID/connections': (ids) => ({
    url: `/api/organization/${ids.organizationID}/connections`,
  }),
  'GET /api/organization/:organizationID/event-sources': (ids) => ({
    url: `/api/organization/${ids.organizationID}/event-sources`,
  }),
  'GET /api/organization/:organizationID/events': (ids) => ({ url: `/api/organization/${ids.organizationID}/events` }),
  'POST /api/organization/:organizationID/incident': (ids) => ({
    url: `/api/organization/${ids.organizationID}/incident`,
    payload: { name: 'Another incident' },
  }),
  'POST /api/organization/:organizationID/actor': (ids) => ({
    url: `/api/organization/${ids.organizationID}/actor`,
    payload: { displayName: 'New person' },
  }),
  'PUT /api/organization/:organizationID/actors': (ids) => ({
    url: `/api/organization/${ids.organizationID}/actors`,
    payload: { actors: [{ id: ids.organizationActorID, description: 'edited by the matrix' }] },
  }),
  'DELETE /api/organization/:organizationID/actor/:actorID': (ids) => ({
    url: `/api/organization/${ids.organizationID}/actor/${ids.spareOrganizationActorID}`,
  }),

  'GET /api/incidents': () => ({ url: '/api/incidents' }),
  'GET /api/incidents (of organization A)': (ids) => ({ url: `/api/incidents?organizationID=${ids.organizationID}` }),
  'POST /api/incident': (ids) => ({
    url: '/api/incident',
    payload: { organizationID: ids.organizationID, name: 'Incident of the matrix' },
  }),
  [`GET ${I}`]: (ids) => ({ url: `/api/incident/${ids.incidentID}` }),
  [`PUT ${I}`]: (ids) => ({
    url: `/api/incident/${ids.incidentID}`,
    payload: { description: 'changed by the matrix' },
  }),
  [`DELETE ${I}`]: (ids) => ({ url: `/api/incident/${ids.spareIncidentID}` }),
  [`GET ${I}/events`]: (ids) => ({ url: `/api/incident/${ids.incidentID}/events?limit=100` }),
  [`GET ${I}/events.ndjson`]: (ids) => ({ url: `/api/incident/${ids.incidentID}/events.ndjson` }),
  [`GET ${I}/changes`]: (ids) => ({ url: `/api/incident/${ids.incidentID}/changes?since=0` }),
  [`POST ${I}/event`]: (ids) => ({
    url: `/api/incident/${ids.incidentID}/event`,
    payload: { streamID: ids.streamID, actorID: ids.actorID, message: 'new event', startTimestamp: T },
  }),
  [`POST ${I}/marker`]: (ids) => ({
    url: `/api/incident/${ids.incidentID}/marker`,
    payload: { message: 'new marker', startTimestamp: T },
  }),
  [`POST ${I}/stream`]: (ids) => ({ url: `/api/incident/${ids.incidentID}/stream`, payload: { name: 'new stream' } }),
  [`POST ${I}/actor`]: (ids) => ({ url: `/api/incident/${ids.incidentID}/actor`, payload: { name: 'new actor' } }),
  [`PUT ${I}/actor/:actorID`]: (ids) => ({
    url: `/api/incident/${ids.incidentID}/actor/${ids.actorID}`,
    payload: { isBot: true },
  }),
  [`DELETE ${I}/actor/:actorID`]: (ids) => ({ url: `/api/incident/${ids.incidentID}/actor/${ids.spareActorID}` }),
  [`POST ${I}/collection`]: (ids) => ({
    url: `/api/incident/${ids.incidentID}/collection`,
    payload: { name: 'new collection', eventIDs: [ids.eventID] },
  }),
  [`PUT ${I}/tag/:tagName`]: (ids) => ({ url: `/api/incident/${ids.incidentID}/tag/new-incident-tag` }),
  [`DELETE ${I}/tag/:tagName`]: (ids, w) => ({ url: `/api/incident/${ids.incidentID}/tag/${w.incidentTag}` }),
  [`PUT ${I}/tag-style`]: (ids, w) => ({
    url: `/api/incident/${ids.incidentID}/tag-style`,
    payload: { itemType: 'event', name: w.eventTag, color: '#336699' },
  }),
  [`POST ${I}/note`]: (ids) => ({
    url: `/api/incident/${ids.incidentID}/note`,
    payload: { kind: 'write-up', text: 'new note', eventID: ids.eventID },
  }),
  [`POST ${I}/link`]: (ids) => ({
    url: `/api/incident/${ids.incidentID}/link`,
    payload: { url: 'https://example.org/runbook', urlType: 'wikitech', streamID: ids.streamID },
  }),
  [`PUT ${I}/related/:relatedIncidentID`]: (ids) => ({
    url: `/api/incident/${ids.incidentID}/related/${ids.unrelatedIncidentID}`,
    payload: { note: 'same outage' },
  }),
  [`DELETE ${I}/related/:relatedIncidentID`]: (ids) => ({
    url: `/api/incident/${ids.incidentID}/related/${ids.relatedIncidentID}`,
  }),
  [`POST ${I}/upload`]: (ids) => ({
    url: `/api/incident/${ids.incidentID}/upload`,
    payload: uploadForm('statement.txt', 'what the witness said\n'),
  }),
  [`POST ${I}/import`]: (ids) => ({
    url: `/api/incident/${ids.incidentID}/import`,
    payload: importForm({ streamName: 'imported by the matrix' }),
  }),
  [`POST ${I}/map`]: (ids) => ({
    url: `/api/incident/${ids.incidentID}/map`,
    payload: mapForm({ name: 'map of the matrix' }),
  }),
  [`GET ${MAP}`]: (ids, w, caller) => ({ url: mapUrl(ids, w, caller) }),
  [`GET ${MAP}/points`]: (ids, w, caller) => ({ url: mapUrl(ids, w, caller, '/points?minTimestamp=0') }),
  [`GET ${MAP}/points/page/0`]: (ids, w, caller) => ({ url: mapUrl(ids, w, caller, '/points/page/0') }),
  [`GET ${MAP}/invalid`]: (ids, w, caller) => ({ url: mapUrl(ids, w, caller, '/invalid') }),
  [`GET ${MAP}/raw`]: (ids, w, caller) => ({ url: mapUrl(ids, w, caller, '/raw') }),
  'GET /api/import/progress/:token': (_ids, w) => ({ url: `/api/import/progress/${w.progressToken}` }),
  'GET /api/import/progress/:token (unknown token)': () => ({ url: `/api/import/progress/${unguessable()}` }),

  'GET /api/stream/:streamID': (ids) => ({ url: `/api/stream/${ids.streamID}` }),
  'PUT /api/stream/:streamID': (ids) => ({
    url: `/api/stream/${ids.streamID}`,
    payload: { clockOffsetMicroseconds: 90_000_000 },
  }),
  'DELETE /api/stream/:streamID': (ids) => ({ url: `/api/stream/${ids.spareStreamID}` }),
  'PUT /api/stream/:streamID/tag/:tagName': (ids) => ({ url: `/api/stream/${ids.streamID}/tag/new-stream-tag` }),
  'DELETE /api/stream/:streamID/tag/:tagName': (ids, w) => ({ url: `/api/stream/${ids.streamID}/tag/${w.streamTag}` }),
  'POST /api/stream/:streamID/import/check': (ids) => ({
    url: `/api/stream/${ids.importedStreamID}/import/check`,
    payload: importForm(),
  }),
  'POST /api/stream/:streamID/import': (ids) => ({
    url: `/api/stream/${ids.importedStreamID}/import`,
    payload: importForm(),
  }),

  'GET /api/event/:eventID': (ids) => ({ url: `/api/event/${ids.eventID}` }),
  'PUT /api/event/:eventID': (ids) => ({
    url: `/api/event/${ids.eventID}`,
    payload: { message: 'edited by the matrix' },
  }),
  'DELETE /api/event/:eventID': (ids) => ({ url: `/api/event/${ids.spareEventID}` }),
  'POST /api/event/:eventID/thread': (ids) => ({ url: `/api/event/${ids.eventID}/thread` }),
  'PUT /api/event/:eventID/tag/:tagName': (ids) => ({ url: `/api/event/${ids.eventID}/tag/new-event-tag` }),
  'DELETE /api/event/:eventID/tag/:tagName': (ids, w) => ({ url: `/api/event/${ids.eventID}/tag/${w.eventTag}` }),
  'PUT /api/event/:eventID/symbol': (ids) => ({
    url: `/api/event/${ids.markerID}/symbol`,
    payload: { symbol: 'rocket' },
  }),
  'GET /api/events/search': () => ({ url: `/api/events/search?q=${SECRET}` }),
  'GET /api/events/search (in incident A)': (ids) => ({
    url: `/api/events/search?q=event&incidentID=${ids.incidentID}`,
  }),
  'POST /api/events/search': () => ({ url: '/api/events/search' }),

  'PUT /api/collection/:collectionID': (ids) => ({
    url: `/api/collection/${ids.collectionID}`,
    payload: { name: 'renamed collection' },
  }),
  'DELETE /api/collection/:collectionID': (ids) => ({ url: `/api/collection/${ids.spareCollectionID}` }),
  'POST /api/collection/:collectionID/events': (ids) => ({
    url: `/api/collection/${ids.collectionID}/events`,
    payload: { eventIDs: [ids.markerID] },
  }),
  'DELETE /api/collection/:collectionID/events': (ids) => ({
    url: `/api/collection/${ids.collectionID}/events`,
    payload: { eventIDs: [ids.eventID] },
  }),
  'PUT /api/note/:noteID': (ids) => ({ url: `/api/note/${ids.noteID}`, payload: { kind: 'group review' } }),
  'DELETE /api/note/:noteID': (ids) => ({ url: `/api/note/${ids.spareNoteID}` }),
  'DELETE /api/link/:linkID': (ids) => ({ url: `/api/link/${ids.spareLinkID}` }),
  'GET /api/upload/:uploadID': (ids) => ({ url: `/api/upload/${ids.uploadID}` }),
  'GET /api/upload/:uploadID/content': (ids) => ({ url: `/api/upload/${ids.uploadID}/content` }),
  'DELETE /api/upload/:uploadID': (ids) => ({ url: `/api/upload/${ids.spareUploadID}` }),

  'GET /auth/user': () => ({ url: '/auth/user' }),
  'GET /auth/login': () => ({ url: '/auth/login?from=%2Fincident%2F1' }),
  'POST /auth/login': (_ids, w) => ({
    url: '/auth/login',
    payload: { username: w.bystanderUser.username, password: TEST_PASSWORD },
  }),
  'GET /auth/logout': () => ({ url: '/auth/logout?from=%2F' }),
  'POST /auth/logout': () => ({ url: '/auth/logout?from=%2F', freshSession: true }),
  'GET /auth/link/:token (used or unknown link)': () => ({ url: `/auth/link/${unguessable()}` }),
  'GET /auth/callback (no such flow)': () => ({ url: `/auth/callback?state=${unguessable()}&code=${unguessable()}` }),
};

/**
 * B's analyst, inside B's own incident, naming A's objects in a body or path: each must be refused
 * exactly as if the id named nothing (a 400 naming the field, or a 404), storing nothing.
 */
export const CROSS_REFERENCES: {
  label: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  build: (ids: TargetIds, world: World) => MatrixRequest;
}[] = [
  {
    label: "an event in A's stream",
    method: 'POST',
    build: (ids, w) => ({
      url: `/api/incident/${w.b.incidentID}/event`,
      payload: { streamID: ids.streamID, message: 'x', startTimestamp: T },
    }),
  },
  {
    label: "an event by A's actor",
    method: 'POST',
    build: (ids, w) => ({
      url: `/api/incident/${w.b.incidentID}/event`,
      payload: { streamID: w.b.streamID, actorID: ids.actorID, message: 'x', startTimestamp: T },
    }),
  },
  {
    label: "a collection of A's event",
    method: 'POST',
    build: (ids, w) => ({
      url: `/api/incident/${w.b.incidentID}/collection`,
      payload: { name: 'x', eventIDs: [w.b.eventID, ids.eventID] },
    }),
  },
  {
    label: "A's event added to B's collection",
    method: 'POST',
    build: (ids, w) => ({ url: `/api/collection/${w.b.collectionID}/events`, payload: { eventIDs: [ids.eventID] } }),
  },
  {
    label: "a note on A's event",
    method: 'POST',
    build: (ids, w) => ({
      url: `/api/incident/${w.b.incidentID}/note`,
      payload: { kind: 'other', text: 'x', eventID: ids.eventID },
    }),
  },
  {
    label: "a link on A's event",
    method: 'POST',
    build: (ids, w) => ({
      url: `/api/incident/${w.b.incidentID}/link`,
      payload: { url: 'https://example.org/', eventID: ids.eventID },
    }),
  },
  {
    label: "a link on A's stream",
    method: 'POST',
    build: (ids, w) => ({
      url: `/api/incident/${w.b.incidentID}/link`,
      payload: { url: 'https://example.org/', streamID: ids.streamID },
    }),
  },
  {
    label: "B's incident related to A's",
    method: 'PUT',
    build: (ids, w) => ({ url: `/api/incident/${w.b.incidentID}/related/${ids.incidentID}` }),
  },
  {
    label: "an actor tied to A's organization actor",
    method: 'POST',
    build: (ids, w) => ({
      url: `/api/incident/${w.b.incidentID}/actor`,
      payload: { name: 'x', organizationActorID: ids.organizationActorID },
    }),
  },
  {
    label: "A's organization actor edited through B",
    method: 'PUT',
    build: (ids, w) => ({
      url: `/api/organization/${w.b.organizationID}/actors`,
      payload: { actors: [{ id: ids.organizationActorID, description: 'x' }] },
    }),
  },
  {
    label: "A's organization actor deleted through B",
    method: 'DELETE',
    build: (ids, w) => ({ url: `/api/organization/${w.b.organizationID}/actor/${ids.organizationActorID}` }),
  },
  {
    label: "A's incident actor changed through B's incident",
    method: 'PUT',
    build: (ids, w) => ({ url: `/api/incident/${w.b.incidentID}/actor/${ids.actorID}`, payload: { name: 'x' } }),
  },
  {
    label: "A's incident actor deleted through B's incident",
    method: 'DELETE',
    build: (ids, w) => ({ url: `/api/incident/${w.b.incidentID}/actor/${ids.actorID}` }),
  },
  {
    label: "an upload attached to A's event",
    method: 'POST',
    build: (ids, w) => ({ url: `/api/incident/${w.b.incidentID}/upload`, payload: attached('eventID', ids.eventID) }),
  },
  {
    label: "an upload on A's stream",
    method: 'POST',
    build: (ids, w) => ({ url: `/api/incident/${w.b.incidentID}/upload`, payload: attached('streamID', ids.streamID) }),
  },
  {
    label: "A's map read through B's incident",
    method: 'GET',
    build: (ids, w) => ({
      url: `/api/incident/${w.b.incidentID}/analyst/${w.actingAnalyst.otherOrg}/map/${ids.mapID}`,
    }),
  },
  {
    label: "A's map file read through B's incident",
    method: 'GET',
    build: (ids, w) => ({
      url: `/api/incident/${w.b.incidentID}/analyst/${w.actingAnalyst.otherOrg}/map/${ids.mapID}/raw`,
    }),
  },
  {
    label: "a search in A's organization",
    method: 'GET',
    build: (ids) => ({ url: `/api/events/search?q=event&organizationID=${ids.organizationID}` }),
  },
  {
    label: "the events of A's incident between two times",
    method: 'GET',
    build: (ids) => ({ url: `/api/incident/${ids.incidentID}/events?minTimestamp=0&maxTimestamp=${T}` }),
  },
];

function attached(field: 'eventID' | 'streamID', id: number): FormData {
  const body = new FormData();
  body.append(field, String(id));
  if (field === 'eventID') body.append('attachmentKind', 'attachment');
  body.append('file', new File(['a statement\n'], 'statement.txt', { type: 'text/plain' }));
  return body;
}
