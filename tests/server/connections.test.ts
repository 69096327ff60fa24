/*
 * GET /api/organization/{organizationID}/connections on a real database: what the
 * cross-incident-connections picture joins incidents by besides their tags (organization actors
 * their actors are linked to, related incidents of the same organization), behind the wall.
 */
import { describe, expect, it } from 'vitest';
import { createIncident, createOrganization } from '../support/incident-fixtures.ts';
import { DATABASE_KINDS } from '../support/test-database.ts';
import { useAnalystServer } from '../support/analyst-server.ts';

describe.each(DATABASE_KINDS)('incident connections on %s', (kind) => {
  const suite = useAnalystServer(kind, { writer: 'write', outsider: 'write' });

  async function organizationActor(organizationID: number, displayName: string): Promise<number> {
    const response = await suite.writer.request({
      method: 'POST',
      url: `/api/organization/${organizationID}/actor`,
      payload: { displayName },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().actor.id;
  }

  async function incidentActor(incidentID: number, name: string, organizationActorID: number | null): Promise<void> {
    const response = await suite.writer.request({
      method: 'POST',
      url: `/api/incident/${incidentID}/actor`,
      payload: { name, organizationActorID },
    });
    expect(response.statusCode, response.body).toBe(201);
  }

  async function relate(a: number, b: number): Promise<void> {
    const response = await suite.writer.request({ method: 'PUT', url: `/api/incident/${a}/related/${b}` });
    expect(response.statusCode, response.body).toBe(201);
  }

  it("lists each incident's linked organization actors and related incidents of the organization", async () => {
    const organizationID = await createOrganization(suite.writer, 'Ops');
    const otherOrganizationID = await createOrganization(suite.writer, 'Elsewhere');
    const outage = await createIncident(suite.writer, organizationID, 'Outage');
    const earlier = await createIncident(suite.writer, organizationID, 'Earlier outage');
    const quiet = await createIncident(suite.writer, organizationID, 'Quiet');
    const foreign = await createIncident(suite.writer, otherOrganizationID, 'Foreign');
    const alice = await organizationActor(organizationID, 'Alice');
    const bob = await organizationActor(organizationID, 'Bob');
    await incidentActor(outage, 'alice', alice);
    await incidentActor(outage, 'alice (phone)', alice);
    await incidentActor(outage, 'bob', bob);
    await incidentActor(earlier, 'alice', alice);
    await incidentActor(quiet, 'someone', null);
    await relate(earlier, outage);
    // A relation across organizations is not a connection inside this one.
    await relate(outage, foreign);

    const response = await suite.writer.request({ url: `/api/organization/${organizationID}/connections` });
    expect(response.statusCode, response.body).toBe(200);
    const connections = response.json().connections as Array<{
      incidentID: number;
      organizationActorIDs: number[];
      relatedIncidentIDs: number[];
    }>;
    expect(connections).toEqual([
      { incidentID: outage, organizationActorIDs: [alice, bob].sort((a, b) => a - b), relatedIncidentIDs: [earlier] },
      { incidentID: earlier, organizationActorIDs: [alice], relatedIncidentIDs: [outage] },
      { incidentID: quiet, organizationActorIDs: [], relatedIncidentIDs: [] },
    ]);
  });

  it('answers 404 outside the organization wall and 400 for an id that is not one', async () => {
    const organizationID = await createOrganization(suite.writer, 'Private');
    const refused = await suite.outsider.request({ url: `/api/organization/${organizationID}/connections` });
    expect(refused.statusCode).toBe(404);
    const bad = await suite.writer.request({ url: '/api/organization/abc/connections' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({ code: 'invalid', field: 'organizationID' });
  });
});
