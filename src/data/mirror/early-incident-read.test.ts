/*
 * The incident's rows read as the app starts stand in for the first page only: its own incident, once
 * read, and never again after the page's live query has answered.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { cannedIncident } from '../../../tests/support/mirror-test-server.ts';
import { dropIncidentReadAtStart, incidentReadAtStart, startIncidentReadAtStart } from './early-incident-read.ts';
import { mirrorDatabase } from './mirror-database.ts';

const answered = async (incidentID: number) => {
  for (let tries = 0; tries < 100 && incidentReadAtStart(incidentID) === undefined; tries += 1)
    await new Promise((resolve) => setTimeout(resolve, 10));
  return incidentReadAtStart(incidentID);
};

describe('the incident read as the app starts', () => {
  it('answers the incident its address names, until the live query has answered', async () => {
    const { payload } = cannedIncident(7, 1, []);
    const { id, organizationID, organizationName, name, description, firstTimestamp, lastTimestamp } = payload;
    await mirrorDatabase().incidents.put({
      id,
      organizationID,
      organizationName,
      name,
      description,
      firstTimestamp,
      lastTimestamp,
      hasMultipleStreams: payload.hasMultipleStreams,
      incidentTags: payload.incidentTags,
      createTimestamp: payload.createTimestamp,
      counts: payload.counts,
    });
    // Not an incident's address: nothing read.
    startIncidentReadAtStart('/organization/7');
    expect(incidentReadAtStart(7)).toBeUndefined();
    startIncidentReadAtStart('/incident/7/type/swimlane');
    const read = await answered(7);
    expect(read?.incident.name).toBe(name);
    expect(read?.streams).toEqual([]);
    // Another incident's page never gets it; a second start (another page) reads nothing more.
    expect(incidentReadAtStart(8)).toBeUndefined();
    startIncidentReadAtStart('/incident/8');
    expect(incidentReadAtStart(8)).toBeUndefined();
    // Once a page's live query answered, no later page mounts from it.
    dropIncidentReadAtStart(8);
    expect(incidentReadAtStart(7)).toBe(read);
    dropIncidentReadAtStart(7);
    expect(incidentReadAtStart(7)).toBeUndefined();
  });
});
