import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ORGANIZATION_NAME, loadDemoData, type DemoLoad } from '../../server/demo/demo-data.ts';
import { DATABASE_KINDS } from '../support/test-database.ts';
import { useAnalystServer } from '../support/analyst-server.ts';
import { countRows } from '../support/test-server.ts';

interface Named {
  name: string;
}

describe.each(DATABASE_KINDS)('demo data on %s', (kind) => {
  const suite = useAnalystServer(kind, { admin: 'admin', writer: 'write' });
  let demo: DemoLoad;

  beforeAll(async () => {
    // Two starts at once (two connections on PostgreSQL): one loads, the other finds it there.
    const loads = await Promise.all([loadDemoData(suite.server.db), loadDemoData(suite.server.db)]);
    expect(loads.filter((load) => load !== undefined)).toHaveLength(1);
    demo = loads.find((load) => load !== undefined)!;
  });

  it('loads once: a second start finds the organization and adds nothing', async () => {
    const events = await countRows(suite.server.db, 'events');
    expect(await loadDemoData(suite.server.db)).toBeUndefined();
    expect(await countRows(suite.server.db, 'organizations')).toBe(1);
    expect(await countRows(suite.server.db, 'events')).toBe(events);
    expect(demo.organizationName).toBe(DEMO_ORGANIZATION_NAME);
    expect(demo.incidentIds).toHaveLength(2);
  });

  it('answers the demo incident with its streams, actors, markers, tags, notes, collections, links and relations', async () => {
    const [failoverID, droneID] = demo.incidentIds as [number, number];
    const response = await suite.admin.request({ url: `/api/incident/${failoverID}` });
    expect(response.statusCode, response.body).toBe(200);
    const incident = response.json().incident;
    expect(incident.organizationName).toBe(DEMO_ORGANIZATION_NAME);
    expect(incident.eventsComplete).toBe(true);
    expect(incident.hasMultipleStreams).toBe(true);
    expect(incident.incidentTags).toEqual(expect.arrayContaining(['database', 'sev1']));

    const streams = incident.streams as Array<Named & { isMarkerStream: boolean; eventCount: number; tags: string[] }>;
    expect(streams.length).toBeGreaterThanOrEqual(4);
    expect(streams.every((s) => s.eventCount > 0)).toBe(true);
    expect(streams.find((s) => s.isMarkerStream)!.eventCount).toBeGreaterThanOrEqual(3);
    expect(streams.some((s) => s.tags.includes('primary-evidence'))).toBe(true);

    const actors = incident.actors as Array<
      Named & { isBot: boolean; organizationActorID: number | null; eventCount: number }
    >;
    expect(actors.some((a) => a.isBot)).toBe(true);
    expect(actors.some((a) => !a.isBot)).toBe(true);
    expect(actors.every((a) => a.organizationActorID !== null && a.eventCount > 0)).toBe(true);
    expect(incident.counts.humanActorCount).toBe(actors.filter((a) => !a.isBot).length);

    const events = incident.events as Array<{
      id: number;
      isMarker: boolean;
      actorID: number;
      startTimestamp: number;
      endTimestamp: number;
    }>;
    expect(events.length).toBe(incident.counts.events);
    expect(events.filter((e) => e.isMarker).every((e) => e.actorID === 0)).toBe(true);
    expect(events.some((e) => e.endTimestamp > e.startTimestamp)).toBe(true);
    const spanMinutes = (incident.lastTimestamp - incident.firstTimestamp) / 60_000_000;
    expect(spanMinutes).toBeGreaterThan(30);
    expect(spanMinutes).toBeLessThan(120);

    const tags = incident.tags as Array<Named & { itemType: string; color: string; isLabel: boolean; count: number }>;
    for (const itemType of ['event', 'stream', 'incident']) {
      expect(
        tags.some((t) => t.itemType === itemType && /^#[0-9A-F]{6}$/i.test(t.color)),
        itemType,
      ).toBe(true);
    }
    expect(tags.some((t) => t.isLabel)).toBe(true);
    expect(incident.eventTags.length).toBeGreaterThan(0);

    const kinds = new Set((incident.notes as Array<{ kind: string }>).map((n) => n.kind));
    for (const kindName of ['interview', 'write-up', 'group review']) expect(kinds.has(kindName), kindName).toBe(true);
    expect(incident.counts.eventNoteCount).toBeGreaterThan(0);

    const collections = incident.collections as Array<
      Named & { isThread: boolean; isAnalyst: boolean; threadEventID: number | null; eventIDs: number[] }
    >;
    const thread = collections.find((c) => c.isThread)!;
    expect(thread.name).toBe(`Reply thread ${thread.threadEventID}`);
    expect(thread.eventIDs.length).toBeGreaterThanOrEqual(2);
    expect(events.map((e) => e.id)).toContain(thread.threadEventID);
    expect(collections.some((c) => c.isAnalyst && !c.isThread && c.eventIDs.length > 0)).toBe(true);

    const links = incident.links as Array<{ url: string; urlType: string }>;
    expect(links.length).toBeGreaterThanOrEqual(3);
    expect(links.every((l) => l.url.startsWith('https://'))).toBe(true);
    expect(new Set(links.map((l) => l.urlType)).size).toBeGreaterThanOrEqual(3);

    expect(incident.relatedIncidents.map((r: { incidentID: number }) => r.incidentID)).toEqual([droneID]);
    const drone = (await suite.admin.request({ url: `/api/incident/${droneID}` })).json().incident;
    expect(drone.relatedIncidents.map((r: { incidentID: number }) => r.incidentID)).toEqual([failoverID]);
    // The two incidents share an organization actor (cross-incident connections).
    const shared = actors.filter((a) =>
      drone.actors.some((b: { organizationActorID: number }) => b.organizationActorID === a.organizationActorID),
    );
    expect(shared.length).toBeGreaterThan(0);
  });

  it("gives the drone incident the drone's flight log as a map: on the pad before take-off, aloft in the survey, down at the hard landing", async () => {
    const droneID = demo.incidentIds[1]!;
    const incident = (await suite.admin.request({ url: `/api/incident/${droneID}` })).json().incident;
    expect(incident.incidentMaps).toHaveLength(1);
    const map = incident.incidentMaps[0];
    expect(map).toMatchObject({ name: 'Survey drone flight (PX4 ulog)', validPointCount: 1281 });
    const detail = (
      await suite.admin.request({ url: `/api/incident/${droneID}/analyst/${suite.admin.userID}/map/${map.id}/invalid` })
    ).json();
    expect(detail.invalidItemCount).toBe(0);
    const points = (
      await suite.admin.request({ url: `/api/incident/${droneID}/analyst/${suite.admin.userID}/map/${map.id}/points` })
    ).json().points;
    expect(points.actors).toEqual(['px4-autopilot']);
    const markers = (incident.events as Array<{ isMarker: boolean; message: string; startTimestamp: number }>).filter(
      (e) => e.isMarker,
    );
    const at = (message: string) => {
      const time = markers.find((m) => m.message === message)!.startTimestamp;
      return points.timestamps.indexOf(time) as number;
    };
    const takeoff = at('Take-off');
    const landing = at('Hard landing');
    expect(takeoff).toBeGreaterThan(0);
    expect(points.altitudes[takeoff - 1]).toBe(0);
    expect(Math.max(...(points.altitudes as number[]).slice(takeoff, landing))).toBeGreaterThanOrEqual(38);
    expect(points.altitudes[landing]).toBe(0);
    // The file as uploaded is kept beside the map.
    const raw = await suite.admin.request({
      url: `/api/incident/${droneID}/analyst/${suite.admin.userID}/map/${map.id}/raw`,
    });
    expect(raw.statusCode).toBe(200);
    expect(raw.body.split('\n')[0]).toBe('timestamp,actor,latitude,longitude,altitude,heading,pitch,roll');
  });

  it('is searchable, and only administrators see it', async () => {
    const found = await suite.admin.request({ url: '/api/events/search?q=failover' });
    expect(found.statusCode).toBe(200);
    expect(found.json().total).toBeGreaterThan(0);
    const hidden = await suite.writer.request({ url: '/api/events/search?q=failover' });
    expect(hidden.json().total).toBe(0);
    const organizations = (await suite.writer.request({ url: '/api/organizations' })).json().organizations.items;
    expect(organizations).toEqual([]);
    expect((await suite.writer.request({ url: `/api/incident/${demo.incidentIds[0]}` })).statusCode).toBe(404);
  });

  it('stays deleted once an administrator deletes it', async () => {
    const response = await suite.admin.request({ method: 'DELETE', url: `/api/organization/${demo.organizationId}` });
    expect(response.statusCode, response.body).toBe(200);
    expect(await countRows(suite.server.db, 'organizations')).toBe(0);
    expect(await loadDemoData(suite.server.db)).toBeUndefined();
    expect(await countRows(suite.server.db, 'organizations')).toBe(0);
  });
});
