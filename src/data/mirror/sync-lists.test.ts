import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { IncidentSummary } from '../../../domain/incident.ts';
import type { OrganizationDetail } from '../../../domain/organization-payload.ts';
import Dexie from 'dexie';
import { MIRROR_SCHEMA_V1, MirrorDatabase, type OrganizationSummary } from './mirror-database.ts';
import { cannedIncident, cannedSource, eventRow } from '../../../tests/support/mirror-test-server.ts';
import { countIncidentEvents, readIncidentList, readOrganization, readOrganizations } from './mirror-queries.ts';
import { syncIncidentFrom } from './sync-incident.ts';
import { syncIncidentListFrom, syncOrganizationFrom, syncOrganizationsFrom, type ListSource } from './sync-lists.ts';

const opened: MirrorDatabase[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.delete();
});
function freshMirror(): MirrorDatabase {
  const db = new MirrorDatabase(`lists-test-${opened.length}-${Date.now()}`);
  opened.push(db);
  return db;
}

const summary = (id: number, organizationID: number, createTimestamp: number): IncidentSummary => {
  const { payload } = cannedIncident(id, organizationID, []);
  const { id: _, organizationID: __, createTimestamp: ___, counts, organizationName, name, description, firstTimestamp, lastTimestamp, hasMultipleStreams, incidentTags } = payload;
  return { id, organizationID, organizationName, name, description, firstTimestamp, lastTimestamp, hasMultipleStreams, incidentTags, createTimestamp, counts };
};

function listServer() {
  const state = {
    organizations: [
      { id: 1, name: 'Ops', description: '', incidentCount: 2, createTimestamp: 1 },
      { id: 2, name: 'Flight', description: '', incidentCount: 1, createTimestamp: 2 },
    ] as OrganizationSummary[],
    incidents: [summary(7, 1, 100), summary(8, 1, 300), summary(9, 2, 200)],
  };
  const source: ListSource = {
    async organizations() {
      return state.organizations;
    },
    async organization(organizationID): Promise<OrganizationDetail> {
      const organization = state.organizations.find((item) => item.id === organizationID);
      if (!organization) throw Object.assign(new Error('404'), { status: 404 });
      return {
        id: organization.id,
        name: organization.name,
        description: organization.description,
        createTimestamp: organization.createTimestamp,
        incidentTags: [{ name: 'sev1', count: 1, color: '', isLabel: false }],
        incidents: state.incidents.filter((incident) => incident.organizationID === organizationID),
        actors: [{ id: 70, organizationID, displayName: 'Zed', startDate: '', description: '', isBot: false, incidentCount: 1 }],
        members: [{ analystID: 1, name: 'Alice' }],
      };
    },
    async incidents(organizationID) {
      return state.incidents.filter((incident) => organizationID === undefined || incident.organizationID === organizationID);
    },
  };
  return { state, source };
}

describe('the organization and incident lists in the mirror', () => {
  it('mirrors organizations, one organization in detail, and incident lists (newest first)', async () => {
    const db = freshMirror();
    const { source } = listServer();
    await syncOrganizationsFrom(db, source);
    await syncIncidentListFrom(db, source);
    await syncOrganizationFrom(db, source, 1);
    expect((await readOrganizations(db)).map((organization) => organization.name)).toEqual(['Flight', 'Ops']);
    expect((await readIncidentList(db)).map((incident) => incident.id)).toEqual([8, 9, 7]);
    expect((await readIncidentList(db, 1)).map((incident) => incident.id)).toEqual([8, 7]);
    const organization = await readOrganization(db, 1);
    expect(organization?.organization.name).toBe('Ops');
    expect(organization?.incidentTags.map((tag) => tag.name)).toEqual(['sev1']);
    expect(organization?.actors.map((actor) => actor.displayName)).toEqual(['Zed']);
    expect(organization?.members.map((member) => member.name)).toEqual(['Alice']);
    expect(await db.listSync.get('organization:1')).toMatchObject({ status: 'idle' });
  });

  it('what the server no longer lists leaves the device with everything mirrored under it', async () => {
    const db = freshMirror();
    const { state, source } = listServer();
    await syncOrganizationsFrom(db, source);
    await syncIncidentListFrom(db, source);
    const incidents = cannedSource(new Map([[9, cannedIncident(9, 2, [eventRow(1, 10), eventRow(2, 20)])], [8, cannedIncident(8, 1, [eventRow(3, 10)])]]));
    await syncIncidentFrom(db, incidents.source, 9);
    await syncIncidentFrom(db, incidents.source, 8);

    state.organizations = state.organizations.filter((organization) => organization.id !== 2);
    await syncOrganizationsFrom(db, source);
    expect(await readOrganization(db, 2)).toBeUndefined();
    expect(await db.incidents.get(9)).toBeUndefined();
    expect(await countIncidentEvents(db, 9)).toBe(0);

    state.incidents = state.incidents.filter((incident) => incident.id !== 8);
    await syncIncidentListFrom(db, source, 1);
    expect((await readIncidentList(db, 1)).map((incident) => incident.id)).toEqual([7]);
    expect(await countIncidentEvents(db, 8)).toBe(0);
  });

  it('an organization the server answers 404 for is removed and the list says why', async () => {
    const db = freshMirror();
    const { state, source } = listServer();
    await syncOrganizationFrom(db, source, 2);
    state.organizations = [];
    await expect(syncOrganizationFrom(db, source, 2)).rejects.toThrow('404');
    expect(await readOrganization(db, 2)).toBeUndefined();
    expect(await db.listSync.get('organization:2')).toMatchObject({ status: 'error' });
  });

  it('opens the versioned schema with the indexes the screens query', async () => {
    const db = freshMirror();
    await db.open();
    expect(db.verno).toBe(7);
    // Schema 7: the chunks' write stamps indexed, the fingerprint of the fast copy (event-numbers-copy.ts).
    expect(db.eventChunks.schema.indexes.map((index) => index.name)).toContain('[incidentID+chunk+stamp]');
    const eventIndexes = db.events.schema.indexes.map((index) => index.name).sort();
    expect(eventIndexes).toEqual(['[incidentID+actorID+startTimestamp]', '[incidentID+startTimestamp]', '[incidentID+streamID+startTimestamp]']);
    expect(db.tables.map((table) => table.name)).toEqual(
      expect.arrayContaining(['organizations', 'incidents', 'streams', 'actors', 'events', 'collections', 'notes', 'links', 'tags', 'eventTags', 'streamTags', 'uploads', 'relatedIncidents', 'maps', 'syncState', 'mapPointPages', 'mapPointSync', 'eventSnapshots', 'eventChunks', 'eventChunkKeys', 'eventChunkTexts']),
    );
  });

  it('upgrades a mirror written by the first version without losing its rows', async () => {
    const name = `upgrade-test-${Date.now()}`;
    const old = new Dexie(name);
    old.version(1).stores(MIRROR_SCHEMA_V1);
    await old.table('events').put({ ...eventRow(5, 50), incidentID: 3 });
    old.close();
    const db = new MirrorDatabase(name);
    opened.push(db);
    expect(await countIncidentEvents(db, 3)).toBe(1);
    expect(await db.outbox.count()).toBe(0);
  });
});
