/*
 * The organization the organization pictures are checked on: two incidents (a payments and a login
 * outage), each with a 'chat' stream and its own actor linked to one organization actor, Dana Ops.
 * Built through the API as an analyst would; each spec then writes the events its story needs.
 */
import type { APIRequestContext } from '@playwright/test';
import { api, uniqueName } from './app-session.ts';

export interface IncidentWithDana {
  id: number;
  name: string;
  streamID: number;
  /** The incident's actor that stands for Dana Ops. */
  danaID: number;
}

export async function twoIncidentsSharingAnActor(
  request: APIRequestContext,
  organizationName: string,
): Promise<{ organizationID: number; incidents: IncidentWithDana[] }> {
  const organization = await api<{ organization: { id: number } }>(request, 'POST', '/api/organization', {
    name: uniqueName(organizationName),
  });
  const organizationID = organization.organization.id;
  const dana = await api<{ actor: { id: number } }>(request, 'POST', `/api/organization/${organizationID}/actor`, {
    displayName: 'Dana Ops',
  });
  const incidents: IncidentWithDana[] = [];
  for (const [index, name] of [uniqueName('Payments outage'), uniqueName('Login outage')].entries()) {
    const made = await api<{ incident: { id: number } }>(
      request,
      'POST',
      `/api/organization/${organizationID}/incident`,
      {
        name,
      },
    );
    const id = made.incident.id;
    const stream = await api<{ stream: { id: number } }>(request, 'POST', `/api/incident/${id}/stream`, {
      name: 'chat',
    });
    const actor = await api<{ actor: { id: number } }>(request, 'POST', `/api/incident/${id}/actor`, {
      name: `dana-${index}`,
      organizationActorID: dana.actor.id,
    });
    incidents.push({ id, name, streamID: stream.stream.id, danaID: actor.actor.id });
  }
  return { organizationID, incidents };
}
