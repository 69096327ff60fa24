/*
 * The incident's eventsRevision (GET /api/incident/{id}), "epoch:seq" of the change sequence
 * (migration 009): the browser's mirror asks for what changed since it, so it must change with every
 * change a device holds (events, and the payload's notes, actors and name) and stay put otherwise.
 */
import { describe, expect, it } from 'vitest';
import { strToU8 } from 'fflate';
import { fileForm } from '../support/multipart.ts';
import { DATABASE_KINDS } from '../support/test-database.ts';
import { T0, useIncidentServer } from '../support/incident-server.ts';

describe.each(DATABASE_KINDS)('events revision on %s', (kind) => {
  const suite = useIncidentServer(kind);

  const revisionOf = async (incidentID: number): Promise<string> => {
    const response = await suite.writer.request({ url: `/api/incident/${incidentID}` });
    expect(response.statusCode, response.body).toBe(200);
    const revision = response.json().incident.eventsRevision;
    expect(revision).toMatch(/^[0-9a-f-]{36}:\d+$/);
    return revision;
  };

  it('changes with every change a device holds, and not for a change that stores nothing', async () => {
    const organizationID = await suite.createOrganization('Revisions');
    const incidentID = await suite.createIncident(organizationID, 'Revisions');
    const other = await suite.createIncident(organizationID, 'Untouched');
    const otherAtStart = await revisionOf(other);
    const chat = await suite.createStream(incidentID, 'chat');
    const ada = await suite.createActor(incidentID, 'Ada');
    const seen = new Set<string>([await revisionOf(incidentID)]);
    const changes = async (what: string, change: () => Promise<unknown>) => {
      await change();
      const next = await revisionOf(incidentID);
      expect(seen.has(next), `${what} changes the revision`).toBe(false);
      seen.add(next);
    };
    const keeps = async (what: string, change: () => Promise<unknown>) => {
      const before = await revisionOf(incidentID);
      await change();
      expect(await revisionOf(incidentID), `${what} keeps the revision`).toBe(before);
    };

    let eventID = 0;
    await changes('adding an event', async () => {
      eventID = await suite.createEvent(incidentID, {
        streamID: chat,
        actorID: ada,
        message: 'disk full',
        startTimestamp: T0,
      });
    });
    await changes('adding a marker', () =>
      suite.write({
        method: 'POST',
        url: `/api/incident/${incidentID}/marker`,
        payload: { message: 'Impact', startTimestamp: T0 + 1 },
      }),
    );
    await changes('editing a message', () =>
      suite.write({ method: 'PUT', url: `/api/event/${eventID}`, payload: { message: 'disk is full' } }),
    );
    await changes('moving an event', () =>
      suite.write({
        method: 'PUT',
        url: `/api/event/${eventID}`,
        payload: { startTimestamp: T0 + 5, endTimestamp: T0 + 9 },
      }),
    );
    await changes("shifting a stream's clock", () =>
      suite.write({ method: 'PUT', url: `/api/stream/${chat}`, payload: { clockOffsetMicroseconds: 1_000_000 } }),
    );
    await changes('renaming an actor', () =>
      suite.write({ method: 'PUT', url: `/api/incident/${incidentID}/actor/${ada}`, payload: { name: 'Ada L.' } }),
    );
    await changes('a note on an event', () =>
      suite.write({
        method: 'POST',
        url: `/api/incident/${incidentID}/note`,
        payload: { text: 'first sign', kind: 'other', eventID },
      }),
    );
    await changes('renaming the incident', () =>
      suite.write({ method: 'PUT', url: `/api/incident/${incidentID}`, payload: { name: 'Revisions, renamed' } }),
    );
    await keeps('a change refused', async () => {
      const refused = await suite.writer.request({
        method: 'PUT',
        url: `/api/event/${eventID}`,
        payload: { startTimestamp: T0 + 20, endTimestamp: T0 },
      });
      expect(refused.statusCode).toBe(400);
    });
    await changes('deleting an event', () => suite.write({ method: 'DELETE', url: `/api/event/${eventID}` }));
    expect(await revisionOf(other)).toBe(otherAtStart);
  });

  it('an import of many rows changes it, and a refused import brings no event', async () => {
    const organizationID = await suite.createOrganization('Imports');
    const incidentID = await suite.createIncident(organizationID, 'Imported');
    const before = await revisionOf(incidentID);
    const rows = Array.from(
      { length: 500 },
      (_, index) =>
        `2024-06-04 09:${String(Math.floor(index / 60)).padStart(2, '0')}:${String(index % 60).padStart(2, '0')}\tana\tline ${index}`,
    );
    const tsv = ['time\tactor\tmessage', ...rows, ''].join('\n');
    const good = await suite.writer.request({
      method: 'POST',
      url: `/api/incident/${incidentID}/import`,
      payload: fileForm(strToU8(tsv), 'log.tsv'),
    });
    expect(good.statusCode, good.body).toBe(201);
    const afterImport = await revisionOf(incidentID);
    expect(afterImport).not.toBe(before);

    const bad = await suite.writer.request({
      method: 'POST',
      url: `/api/incident/${incidentID}/import`,
      payload: fileForm(strToU8('time\tmessage\nyesterday\toops\n'), 'bad.tsv', {
        settings: JSON.stringify({ format: 'delimited', delimiter: '\t', mapping: { startTime: 0, message: 1 } }),
      }),
    });
    expect(bad.statusCode).toBe(400);
    // The refused file is still kept as an upload of the incident (a payload change), but no event came.
    const since = afterImport.split(':')[1];
    const changes = await suite.writer.request({ url: `/api/incident/${incidentID}/changes?since=${since}` });
    expect(changes.json().changes).toMatchObject({ full: false, events: [], deletedEventIDs: [] });
  });
});
