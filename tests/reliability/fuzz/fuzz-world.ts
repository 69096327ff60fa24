/*
 * The data the fuzzer aims at: an administrator who acts as a write analyst, an organization with
 * two incidents, streams (one imported from a real fixture), actors, events, a marker, a
 * collection, a note, a link, a tag, an upload and a map. Valid-looking path ids come from here, so
 * generated requests reach the handlers and repositories, not only the validators. A fuzzed request
 * that succeeds may delete or demote something: `repair` puts back what is gone.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { findSessionUser } from '../../../server/repositories/sessions-repository.ts';
import { FIXTURES_DIR } from '../../support/fixtures-dir.ts';
import { giveAnalyst, signIn, uniqueName, type Session, type TestServer } from '../../support/test-server.ts';
import { multipart } from './multipart.ts';

export const FUZZ_TAG = 'fuzz-tag';
export const FUZZ_ACTION = 'open incident';

export interface FuzzWorld {
  admin: Session;
  /** The write analyst the administrator acts as (X-Churchkey-Analyst). */
  writerID: number;
  writerUser: Session;
  organizationID: number;
  incidentID: number;
  relatedIncidentID: number;
  streamID: number;
  importedStreamID: number;
  actorID: number;
  organizationActorID: number;
  eventID: number;
  markerID: number;
  collectionID: number;
  noteID: number;
  linkID: number;
  uploadID: number;
  mapID: number;
}

const fixture = (path: string) => readFileSync(join(FIXTURES_DIR, path));

async function expectStatus(response: { statusCode: number; body: string }, status: number, what: string) {
  if (response.statusCode !== status && !(status === 200 && response.statusCode === 201))
    throw new Error(`fuzz world: ${what} answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
  return JSON.parse(response.body) as Record<string, Record<string, unknown>>;
}

type IncidentData = Omit<FuzzWorld, 'admin' | 'writerID' | 'writerUser' | 'organizationID'>;

/**
 * The incident and its data, made through the API as the writer; what `kept` already has (still
 * stored) is kept, so a fuzzed delete of one note costs one POST, not a whole incident.
 */
async function makeIncidentData(
  admin: Session,
  writerID: number,
  organizationID: number,
  kept: Partial<IncidentData> = {},
): Promise<IncidentData> {
  const as = (options: Parameters<Session['request']>[0]) => admin.request({ ...options, analyst: writerID });
  const post = async (url: string, payload: unknown, key: string) =>
    (
      await expectStatus(
        await as({ method: 'POST', url, payload: payload as Record<string, unknown> }),
        201,
        `POST ${url}`,
      )
    )[key]!['id'] as number;
  const postFile = async (url: string, fileName: string, bytes: Uint8Array, what: string) => {
    const body = multipart([{ name: 'file', fileName, value: bytes, contentType: 'application/octet-stream' }]);
    return expectStatus(
      await as({ method: 'POST', url, payload: body.payload, headers: { 'content-type': body.contentType } }),
      201,
      what,
    );
  };
  const incidentID =
    kept.incidentID ?? (await post('/api/incident', { organizationID, name: uniqueName('incident') }, 'incident'));
  const relatedIncidentID =
    kept.relatedIncidentID ??
    (await post('/api/incident', { organizationID, name: uniqueName('related') }, 'incident'));
  if (kept.relatedIncidentID === undefined || kept.incidentID === undefined) {
    await expectStatus(
      await as({
        method: 'PUT',
        url: `/api/incident/${incidentID}/related/${relatedIncidentID}`,
        payload: { note: 'related' },
      }),
      200,
      'related',
    );
  }
  const streamID =
    kept.streamID ?? (await post(`/api/incident/${incidentID}/stream`, { name: uniqueName('stream') }, 'stream'));
  const actorID =
    kept.actorID ??
    (await post(`/api/incident/${incidentID}/actor`, { name: uniqueName('actor'), isBot: false }, 'actor'));
  const organizationActorID =
    kept.organizationActorID ??
    (await post(`/api/organization/${organizationID}/actor`, { displayName: uniqueName('actor') }, 'actor'));
  let eventID = kept.eventID;
  if (eventID === undefined) {
    eventID = await post(
      `/api/incident/${incidentID}/event`,
      { streamID, actorID, message: 'first event', startTimestamp: 1_700_000_000_000_000 },
      'event',
    );
    await post(
      `/api/incident/${incidentID}/event`,
      { streamID, message: 'second event', startTimestamp: 1_700_000_001_000_000 },
      'event',
    );
    await expectStatus(await as({ method: 'PUT', url: `/api/event/${eventID}/tag/${FUZZ_TAG}` }), 200, 'tag');
  }
  const markerID =
    kept.markerID ??
    (await post(
      `/api/incident/${incidentID}/marker`,
      { message: 'marker', startTimestamp: 1_700_000_002_000_000 },
      'event',
    ));
  const collectionID =
    kept.collectionID ??
    (await post(
      `/api/incident/${incidentID}/collection`,
      { name: uniqueName('collection'), eventIDs: [eventID] },
      'collection',
    ));
  const noteID =
    kept.noteID ?? (await post(`/api/incident/${incidentID}/note`, { kind: 'other', text: 'a note', eventID }, 'note'));
  const linkID =
    kept.linkID ?? (await post(`/api/incident/${incidentID}/link`, { url: 'https://example.org/', eventID }, 'link'));
  const importedStreamID =
    kept.importedStreamID ??
    (
      (
        await postFile(
          `/api/incident/${incidentID}/import`,
          'm365.csv',
          fixture('events/m365_defender_activity_log.csv'),
          'import',
        )
      )['import']!['streams'] as { id: number }[]
    )[0]!.id;
  const uploadID =
    kept.uploadID ??
    ((await postFile(`/api/incident/${incidentID}/upload`, 'notes.txt', Buffer.from('plain text evidence'), 'upload'))[
      'upload'
    ]!['id'] as number);
  const mapID =
    kept.mapID ??
    ((await postFile(`/api/incident/${incidentID}/map`, 'fr24.csv', fixture('geo/fr24_JAL516_2024-01-02.csv'), 'map'))[
      'map'
    ]!['id'] as number);
  return {
    incidentID,
    relatedIncidentID,
    streamID,
    importedStreamID,
    actorID,
    organizationActorID,
    eventID,
    markerID,
    collectionID,
    noteID,
    linkID,
    uploadID,
    mapID,
  };
}

export async function makeWorld(server: TestServer): Promise<FuzzWorld> {
  const admin = await signIn(server, uniqueName('admin'));
  await giveAnalyst(server, admin, 'admin');
  const writerUser = await signIn(server, uniqueName('writer'));
  const writer = await giveAnalyst(server, writerUser, 'write');
  const organization = await expectStatus(
    await admin.request({ method: 'POST', url: '/api/organization', payload: { name: uniqueName('org') } }),
    201,
    'organization',
  );
  const organizationID = organization['organization']!['id'] as number;
  await expectStatus(
    await admin.request({ method: 'PUT', url: `/api/organization/${organizationID}/member/${writer.id}` }),
    200,
    'member',
  );
  const data = await makeIncidentData(admin, writer.id, organizationID);
  return { admin, writerID: writer.id, writerUser, organizationID, ...data };
}

const CHECKED: [keyof IncidentData, string][] = [
  ['incidentID', 'incidents'],
  ['relatedIncidentID', 'incidents'],
  ['streamID', 'streams'],
  ['importedStreamID', 'streams'],
  ['actorID', 'incident_actors'],
  ['organizationActorID', 'organization_actors'],
  ['eventID', 'events'],
  ['markerID', 'events'],
  ['collectionID', 'collections'],
  ['noteID', 'notes'],
  ['linkID', 'links'],
  ['uploadID', 'uploads'],
  ['mapID', 'incident_maps'],
];

/**
 * After a fuzzed write succeeded: the administrator still an administrator with a live session,
 * the writer still writing in the organization, and every object still there (one query); what is
 * not is made again (a new world when a user, the organization or the membership went).
 */
export async function repairWorld(server: TestServer, world: FuzzWorld): Promise<FuzzWorld> {
  const token = world.admin.cookie.slice(world.admin.cookie.indexOf('=') + 1);
  const sessionOk = (await findSessionUser(server.db, token))?.id === world.admin.userID;
  const [state] = await server.db.query<{
    admin: string | null;
    writer: string | null;
    organization: boolean;
    member: boolean;
    present: string[];
  }>(
    `SELECT (SELECT permission FROM analysts WHERE id = $1) AS admin,
            (SELECT permission FROM analysts WHERE id = $2) AS writer,
            EXISTS (SELECT 1 FROM organizations WHERE id = $3) AS organization,
            EXISTS (SELECT 1 FROM organization_members WHERE organization_id = $3 AND analyst_id = $2) AS member,
            ARRAY[${CHECKED.map(([key, table], i) => `(SELECT '${key}' FROM ${table} WHERE id = $${i + 4})`).join(', ')}] AS present`,
    [world.admin.userID, world.writerID, world.organizationID, ...CHECKED.map(([key]) => world[key])],
  );
  if (state?.writer !== 'write' || !state.organization || !state.member) return makeWorld(server);
  if (!sessionOk || state.admin !== 'admin') {
    // Signed out or demoted by a fuzzed request: another administrator takes over.
    const admin = await signIn(server, uniqueName('admin'));
    await giveAnalyst(server, admin, 'admin');
    world = { ...world, admin };
  }
  if (state.present.some((key) => key === null)) {
    const kept: Partial<IncidentData> = {};
    // Everything of a deleted incident went with it; otherwise only what is gone is made again.
    if (state.present[0] !== null)
      for (const key of state.present)
        if (key !== null) kept[key as keyof IncidentData] = world[key as keyof IncidentData];
    // Events go with their stream or actor; what hangs on the first event goes with it.
    if (kept.streamID === undefined || kept.actorID === undefined) delete kept.eventID;
    if (kept.eventID === undefined) for (const key of ['collectionID', 'noteID', 'linkID'] as const) delete kept[key];
    return { ...world, ...(await makeIncidentData(world.admin, world.writerID, world.organizationID, kept)) };
  }
  return world;
}
