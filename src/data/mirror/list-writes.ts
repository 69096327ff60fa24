/*
 * Writing the organization and incident lists into the mirror. What the server no longer lists
 * (deleted, or the analyst lost access) leaves the device with everything mirrored under it.
 */
import type { IncidentSummary } from '../../../domain/incident.ts';
import type { OrganizationDetail } from '../../../domain/organization-payload.ts';
import { removeIncidentFromMirror, summaryOf } from './incident-writes.ts';
import type { MirrorDatabase, OrganizationSummary } from './mirror-database.ts';

async function removeIncidents(db: MirrorDatabase, ids: number[]): Promise<void> {
  for (const id of ids) await removeIncidentFromMirror(db, id);
}

export async function removeOrganizationFromMirror(db: MirrorDatabase, organizationID: number): Promise<void> {
  const incidents = await db.incidents.where('organizationID').equals(organizationID).primaryKeys();
  await removeIncidents(db, incidents);
  await db.transaction('rw', db.organizations, db.organizationActors, db.listSync, async () => {
    await db.organizationActors.where('organizationID').equals(organizationID).delete();
    await db.organizations.delete(organizationID);
    await db.listSync.bulkDelete([`organization:${organizationID}`, `incidents:${organizationID}`]);
  });
}

/** The organizations the analyst may read; detail fields already mirrored are kept. */
export async function putOrganizationList(db: MirrorDatabase, items: OrganizationSummary[]): Promise<void> {
  const fresh = new Set(items.map((item) => item.id));
  const gone = (await db.organizations.toCollection().primaryKeys()).filter((id) => !fresh.has(id));
  await db.transaction('rw', db.organizations, async () => {
    const existing = await db.organizations.bulkGet(items.map((item) => item.id));
    await db.organizations.bulkPut(items.map((item, index) => ({ ...existing[index], ...item })));
  });
  for (const id of gone) await removeOrganizationFromMirror(db, id);
}

/** One organization as GET /api/organization/{id} answers it: its row, actors and incidents. */
export async function putOrganizationDetail(db: MirrorDatabase, detail: OrganizationDetail): Promise<void> {
  const { id, name, description, createTimestamp, incidentTags, members, actors, incidents } = detail;
  const fresh = new Set(incidents.map((incident) => incident.id));
  const gone = (await db.incidents.where('organizationID').equals(id).primaryKeys()).filter((incidentID) => !fresh.has(incidentID));
  await db.transaction('rw', db.organizations, db.organizationActors, db.incidents, async () => {
    await db.organizations.put({ id, name, description, createTimestamp, incidentCount: incidents.length, incidentTags, members });
    const actorIDs = new Set(actors.map((actor) => actor.id));
    const oldActors = await db.organizationActors.where('organizationID').equals(id).primaryKeys();
    await db.organizationActors.bulkDelete(oldActors.filter((actorID) => !actorIDs.has(actorID)));
    await db.organizationActors.bulkPut(actors);
    await db.incidents.bulkPut(incidents.map(summaryOf));
  });
  await removeIncidents(db, gone);
}

/** The incident list, of one organization or of all the analyst may read. */
export async function putIncidentList(db: MirrorDatabase, items: IncidentSummary[], organizationID?: number): Promise<void> {
  const fresh = new Set(items.map((item) => item.id));
  const scope = organizationID === undefined ? db.incidents.toCollection() : db.incidents.where('organizationID').equals(organizationID);
  const gone = (await scope.primaryKeys()).filter((id) => !fresh.has(id));
  await db.incidents.bulkPut(items.map(summaryOf));
  await removeIncidents(db, gone);
}
