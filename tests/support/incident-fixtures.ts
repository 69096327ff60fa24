/* Builds organizations and incidents through the API, as an analyst would. */
import { expect } from 'vitest';
import type { Session } from './test-server.ts';

export async function createOrganization(session: Session, name = 'Org'): Promise<number> {
  const response = await session.request({ method: 'POST', url: '/api/organization', payload: { name } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().organization.id;
}

export async function createIncident(session: Session, organizationID: number, name = 'Incident'): Promise<number> {
  const response = await session.request({ method: 'POST', url: '/api/incident', payload: { organizationID, name } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().incident.id;
}

export async function createStream(session: Session, incidentID: number, name = 'Stream'): Promise<number> {
  const response = await session.request({
    method: 'POST',
    url: `/api/incident/${incidentID}/stream`,
    payload: { name },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().stream.id;
}

export async function createActor(session: Session, incidentID: number, name: string, isBot = false): Promise<number> {
  const response = await session.request({
    method: 'POST',
    url: `/api/incident/${incidentID}/actor`,
    payload: { name, isBot },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().actor.id;
}

export async function createEvent(
  session: Session,
  incidentID: number,
  event: { streamID: number; actorID?: number; message: string; startTimestamp: number; endTimestamp?: number },
): Promise<number> {
  const response = await session.request({ method: 'POST', url: `/api/incident/${incidentID}/event`, payload: event });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().event.id;
}
