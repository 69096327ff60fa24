/* The writes of the organization screens: organizations, incidents, organization actors (one or in bulk). */
import { z } from 'zod';
import { apiPost, apiPut } from '../../data/api-client.ts';

const Created = (key: string) => z.object({ [key]: z.object({ id: z.number().int() }) });

export async function createOrganization(body: { name: string; description: string }): Promise<number> {
  const answer = await apiPost('/api/organization', body, Created('organization'));
  return (answer['organization'] as { id: number }).id;
}

export async function createIncident(
  organizationID: number,
  body: { name: string; description: string },
): Promise<number> {
  const answer = await apiPost(`/api/organization/${organizationID}/incident`, body, Created('incident'));
  return (answer['incident'] as { id: number }).id;
}

export interface OrganizationActorInput {
  displayName: string;
  startDate: string;
  description: string;
  isBot: boolean;
}

export function createOrganizationActor(organizationID: number, actor: OrganizationActorInput): Promise<unknown> {
  return apiPost(`/api/organization/${organizationID}/actor`, actor, z.unknown());
}

/** Every changed actor in one call: all land or none. */
export function bulkEditOrganizationActors(
  organizationID: number,
  actors: Array<Partial<OrganizationActorInput> & { id: number }>,
): Promise<unknown> {
  return apiPut(`/api/organization/${organizationID}/actors`, { actors }, z.unknown());
}
