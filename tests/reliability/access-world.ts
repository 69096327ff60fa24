/*
 * The world the access matrix is checked in: organization A (the target: incidents with streams,
 * events, a marker, notes, links, uploads, a collection, tags, actors, a map, an imported stream),
 * organization B of another analyst, and the five callers. Built through the API as analysts would.
 * Every name in A holds SECRET and every id is a distinctive 8-digit number (sequences restarted
 * high), so a refusal that leaks either is caught by plain text search.
 * Long because: one world built in order through the API; each part needs the ids of the parts before it.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { FIXTURES_DIR } from '../support/fixtures-dir.ts';
import { giveAnalyst, signIn, TEST_PASSWORD, type Session, type TestServer } from '../support/test-server.ts';
import type { Caller } from './access-matrix.ts';

export const SECRET = 'zq7secret';
/** Ids of nothing: the "does not exist" twin of every target id. */
const MISSING_BASE = 99_900_001;

export const fixture = (path: string) => readFileSync(join(FIXTURES_DIR, path));
export const IMPORT_FILE = 'events/timesketch_sigma_events.jsonl';
export const MAP_FILE = 'geo/fr24_JAL516_2024-01-02.csv';

/** Ids of organization A's objects: the ones every row's request names. */
export interface TargetIds {
  organizationID: number;
  spareOrganizationID: number;
  incidentID: number;
  relatedIncidentID: number;
  unrelatedIncidentID: number;
  spareIncidentID: number;
  streamID: number;
  importedStreamID: number;
  spareStreamID: number;
  actorID: number;
  spareActorID: number;
  eventID: number;
  spareEventID: number;
  markerID: number;
  noteID: number;
  spareNoteID: number;
  linkID: number;
  spareLinkID: number;
  uploadID: number;
  spareUploadID: number;
  collectionID: number;
  spareCollectionID: number;
  organizationActorID: number;
  spareOrganizationActorID: number;
  mapID: number;
}

export interface World {
  server: TestServer;
  target: TargetIds;
  /** The same keys, each naming nothing. */
  missing: TargetIds;
  sessions: Record<Exclude<Caller, 'none'>, Session> & { owner: Session };
  /** The analyst each caller acts as (writer-as-other: the one it claims, A's owner). */
  actingAnalyst: Record<Caller, number>;
  /** A named analyst no user acts as; another one that is a member of A and granted to `bystanderUser`. */
  bystanderAnalystID: number;
  memberAnalystID: number;
  bystanderUser: { id: number; username: string };
  progressToken: string;
  eventTag: string;
  streamTag: string;
  incidentTag: string;
  /** B's own organization and incident. */
  b: { organizationID: number; incidentID: number; streamID: number; eventID: number; collectionID: number };
  /** Every name and text stored in A: none may appear in a refusal, nor in an answer to B's analyst. */
  secrets: string[];
  /** Every id of A's objects. */
  targetIds: number[];
  /** Every id the world holds (A, B, analysts, users): none may appear in a refusal unless the request named it. */
  allIds: number[];
}

/** Restarts every sequence far apart and high, so an id in a text is unmistakable. */
async function distinctiveIds(server: TestServer): Promise<void> {
  const sequences = await server.db.query<{ name: string }>(
    "SELECT sequencename AS name FROM pg_sequences WHERE schemaname = 'public' ORDER BY sequencename",
  );
  for (const [index, { name }] of sequences.entries()) {
    await server.db.query(
      `ALTER SEQUENCE "${name.replaceAll('"', '""')}" RESTART WITH ${70_000_001 + index * 100_000}`,
    );
  }
}

async function expectStatus(response: { statusCode: number; body: string }, status: number) {
  expect(response.statusCode, response.body).toBe(status);
}

function formOf(path: string, fileName: string, fields: Record<string, string> = {}, type = ''): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  body.append('file', new File([Uint8Array.from(fixture(path))], fileName, { type }));
  return body;
}

export function importForm(fields: Record<string, string> = {}): FormData {
  return formOf(IMPORT_FILE, `${SECRET}-evidence.jsonl`, fields);
}
export function mapForm(fields: Record<string, string> = {}): FormData {
  return formOf(MAP_FILE, `${SECRET}-track.csv`, fields, 'text/csv');
}
export function uploadForm(name: string, text: string, type = 'text/plain'): FormData {
  const body = new FormData();
  body.append('file', new File([text], name, { type }));
  return body;
}

export async function buildWorld(server: TestServer): Promise<World> {
  await distinctiveIds(server);
  const [owner, reader, writerAsOther, otherOrg, admin, bystander] = [
    await signIn(server),
    await signIn(server),
    await signIn(server),
    await signIn(server),
    await signIn(server),
    await signIn(server),
  ];
  await giveAnalyst(server, owner, 'write');
  await giveAnalyst(server, reader, 'read');
  await giveAnalyst(server, writerAsOther, 'write');
  await giveAnalyst(server, otherOrg, 'write');
  await giveAnalyst(server, admin, 'admin');
  const call = async (
    session: Session,
    method: 'POST' | 'PUT',
    url: string,
    payload?: object | FormData,
    status = method === 'POST' ? 201 : 200,
  ) => {
    const response = await session.request({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    await expectStatus(response, status);
    return response.json();
  };
  const secret = (what: string) => `${SECRET}-${what}`;
  /** Relates two incidents as `session`, the relation's note a secret. */
  const relate = (session: Session, incidentID: number, relatedID: number, note: string) =>
    call(session, 'PUT', `/api/incident/${incidentID}/related/${relatedID}`, { note: secret(note) }, 201);

  const organizationID = (
    await call(owner, 'POST', '/api/organization', {
      name: secret('organization'),
      description: secret('organization-description'),
    })
  ).organization.id;
  const spareOrganizationID = (await call(owner, 'POST', '/api/organization', { name: secret('spare-organization') }))
    .organization.id;
  const bystanderAnalystID = (
    await call(owner, 'POST', '/api/analyst', { name: 'Bystander analyst', email: 'bystander@example.org' })
  ).analyst.id;
  const memberAnalystID = (
    await call(owner, 'POST', '/api/analyst', { name: 'Member analyst', email: 'member@example.org' })
  ).analyst.id;
  for (const analyst of [reader.userID, writerAsOther.userID, memberAnalystID]) {
    await call(admin, 'PUT', `/api/organization/${organizationID}/member/${analyst}`);
  }
  await call(admin, 'PUT', `/api/analyst/${memberAnalystID}/grant/${bystander.userID}`);

  const incident = async (name: string) =>
    (
      await call(owner, 'POST', '/api/incident', {
        organizationID,
        name: secret(name),
        description: secret(`${name}-description`),
      })
    ).incident.id as number;
  const incidentID = await incident('incident');
  const relatedIncidentID = await incident('related-incident');
  const unrelatedIncidentID = await incident('unrelated-incident');
  const spareIncidentID = await incident('spare-incident');
  await relate(owner, incidentID, relatedIncidentID, 'related-note');

  const progressToken = randomBytes(24).toString('base64url');
  const imported = await call(
    owner,
    'POST',
    `/api/incident/${incidentID}/import`,
    importForm({ streamName: secret('imported-stream'), progressToken }),
  );
  const importedStreamID = imported.import.streams[0].id as number;
  const stream = async (name: string) =>
    (await call(owner, 'POST', `/api/incident/${incidentID}/stream`, { name: secret(name) })).stream.id as number;
  const streamID = await stream('stream');
  const spareStreamID = await stream('spare-stream');
  const actor = async (name: string) =>
    (await call(owner, 'POST', `/api/incident/${incidentID}/actor`, { name: secret(name) })).actor.id as number;
  const actorID = await actor('actor');
  const spareActorID = await actor('spare-actor');
  const T0 = 1_700_000_000_000_000;
  const event = async (name: string, offset: number) =>
    (
      await call(owner, 'POST', `/api/incident/${incidentID}/event`, {
        streamID,
        actorID,
        message: secret(name),
        startTimestamp: T0 + offset,
      })
    ).event.id as number;
  const eventID = await event('event-message', 0);
  const spareEventID = await event('spare-event-message', 1_000_000);
  const markerID = (
    await call(owner, 'POST', `/api/incident/${incidentID}/marker`, {
      message: secret('marker'),
      startTimestamp: T0 + 500_000,
    })
  ).event.id as number;
  const note = async (name: string, eventIDOf?: number) =>
    (
      await call(owner, 'POST', `/api/incident/${incidentID}/note`, {
        kind: 'interview',
        text: secret(name),
        ...(eventIDOf ? { eventID: eventIDOf } : {}),
      })
    ).note.id as number;
  const noteID = await note('note');
  await note('event-note', eventID);
  const spareNoteID = await note('spare-note');
  const link = async (name: string) =>
    (
      await call(owner, 'POST', `/api/incident/${incidentID}/link`, {
        url: `https://example.org/${secret(name)}`,
        title: secret(`${name}-title`),
        eventID,
      })
    ).link.id as number;
  const linkID = await link('link');
  const spareLinkID = await link('spare-link');
  const upload = async (name: string) =>
    (
      await call(
        owner,
        'POST',
        `/api/incident/${incidentID}/upload`,
        uploadForm(`${secret(name)}.txt`, `${secret(`${name}-content`)}\n`),
      )
    ).upload.id as number;
  const uploadID = await upload('upload');
  const spareUploadID = await upload('spare-upload');
  const collection = async (name: string) =>
    (await call(owner, 'POST', `/api/incident/${incidentID}/collection`, { name: secret(name), eventIDs: [eventID] }))
      .collection.id as number;
  const collectionID = await collection('collection');
  const spareCollectionID = await collection('spare-collection');
  const eventTag = secret('event-tag');
  const streamTag = secret('stream-tag');
  const incidentTag = secret('incident-tag');
  await call(owner, 'PUT', `/api/event/${eventID}/tag/${eventTag}`, undefined, 201);
  await call(owner, 'PUT', `/api/stream/${streamID}/tag/${streamTag}`, undefined, 201);
  await call(owner, 'PUT', `/api/incident/${incidentID}/tag/${incidentTag}`, undefined, 201);
  const organizationActor = async (name: string) =>
    (
      await call(owner, 'POST', `/api/organization/${organizationID}/actor`, {
        displayName: secret(name),
        description: secret(`${name}-description`),
      })
    ).actor.id as number;
  const organizationActorID = await organizationActor('organization-actor');
  const spareOrganizationActorID = await organizationActor('spare-organization-actor');
  const mapID = (await call(owner, 'POST', `/api/incident/${incidentID}/map`, mapForm({ name: secret('map') }))).map
    .id as number;

  // Organization B: the other-organization caller's own, with nothing secret in it.
  const organizationB = (await call(otherOrg, 'POST', '/api/organization', { name: 'Organization B' })).organization.id;
  const incidentB = (
    await call(otherOrg, 'POST', '/api/incident', { organizationID: organizationB, name: 'Incident B' })
  ).incident.id;
  const streamB = (await call(otherOrg, 'POST', `/api/incident/${incidentB}/stream`, { name: 'Stream B' })).stream.id;
  const eventB = (
    await call(otherOrg, 'POST', `/api/incident/${incidentB}/event`, {
      streamID: streamB,
      message: 'event of B',
      startTimestamp: T0,
    })
  ).event.id;
  const collectionB = (
    await call(otherOrg, 'POST', `/api/incident/${incidentB}/collection`, { name: 'Collection B', eventIDs: [eventB] })
  ).collection.id;
  // An administrator relates one of A's incidents to B's: B's side must still show nothing of A.
  await relate(admin, incidentID, incidentB, 'cross-organization-note');

  const target: TargetIds = {
    organizationID,
    spareOrganizationID,
    incidentID,
    relatedIncidentID,
    unrelatedIncidentID,
    spareIncidentID,
    streamID,
    importedStreamID,
    spareStreamID,
    actorID,
    spareActorID,
    eventID,
    spareEventID,
    markerID,
    noteID,
    spareNoteID,
    linkID,
    spareLinkID,
    uploadID,
    spareUploadID,
    collectionID,
    spareCollectionID,
    organizationActorID,
    spareOrganizationActorID,
    mapID,
  };
  const missing = Object.fromEntries(
    Object.keys(target).map((key, index) => [key, MISSING_BASE + index]),
  ) as unknown as TargetIds;
  // Every id the database holds, whatever the table: read back rather than listed, so none is forgotten.
  const idTables = await server.db.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.columns WHERE table_schema = 'public' AND column_name = 'id' ORDER BY table_name`,
  );
  const allIds: number[] = [];
  for (const { table_name } of idTables) {
    const rows = await server.db.query<{ id: number | string }>(`SELECT id FROM "${table_name}"`);
    allIds.push(...rows.map((row) => Number(row.id)).filter((id) => id >= 10_000_000));
  }
  const storedTexts = await server.db.query<{ text: string }>(
    `SELECT name AS text FROM organizations WHERE id = $1 OR id = $2
     UNION SELECT name FROM incidents WHERE organization_id = $1
     UNION SELECT message FROM events e JOIN incidents i ON i.id = e.incident_id WHERE i.organization_id = $1`,
    [organizationID, spareOrganizationID],
  );
  const secrets = new Set<string>(storedTexts.map((row) => row.text).filter((text) => text.includes(SECRET)));
  for (const what of [
    'organization-description',
    'imported-stream',
    'stream',
    'spare-stream',
    'actor',
    'spare-actor',
    'note',
    'event-note',
    'spare-note',
    'link',
    'link-title',
    'spare-link',
    'upload',
    'upload-content',
    'spare-upload',
    'collection',
    'spare-collection',
    'event-tag',
    'stream-tag',
    'incident-tag',
    'organization-actor',
    'spare-organization-actor',
    'map',
    'related-note',
    'evidence',
    'track',
    'cross-organization-note',
  ])
    secrets.add(secret(what));

  const sessions = { owner, reader, writerAsOther, otherOrg, admin };
  return {
    server,
    target,
    missing,
    sessions,
    actingAnalyst: {
      none: owner.userID,
      reader: reader.userID,
      writerAsOther: owner.userID,
      otherOrg: otherOrg.userID,
      admin: admin.userID,
    },
    bystanderAnalystID,
    memberAnalystID,
    bystanderUser: { id: bystander.userID, username: bystander.username },
    progressToken,
    eventTag,
    streamTag,
    incidentTag,
    b: {
      organizationID: organizationB,
      incidentID: incidentB,
      streamID: streamB,
      eventID: eventB,
      collectionID: collectionB,
    },
    secrets: [...secrets],
    targetIds: Object.values(target),
    allIds,
  };
}

/** Signs an existing account in again: a session of its own for a call that ends its session. */
export async function freshSession(server: TestServer, username: string): Promise<string> {
  const response = await server.app.inject({
    method: 'POST',
    url: '/auth/login',
    payload: { username, password: TEST_PASSWORD },
  });
  await expectStatus(response, 200);
  const cookie = response.cookies.find((c) => c.name === 'churchkey_session');
  return `churchkey_session=${cookie!.value}`;
}
