/*
 * The organization of GET /api/organization/{id}: its incidents, actors, incident tags with counts
 * and members. Shared by the route (serialising) and the browser's mirror (parsing).
 */
import { z } from 'zod';
import { IncidentSummarySchema } from './incident.ts';

const OrganizationActorSchema = z.object({
  id: z.number().int(),
  organizationID: z.number().int(),
  displayName: z.string(),
  startDate: z.string(),
  description: z.string(),
  isBot: z.boolean(),
  incidentCount: z.number().int(),
});
export type OrganizationActor = z.infer<typeof OrganizationActorSchema>;

const IncidentTagCountSchema = z.object({
  name: z.string(),
  count: z.number().int(),
  color: z.string(),
  isLabel: z.boolean(),
});
export type IncidentTagCount = z.infer<typeof IncidentTagCountSchema>;

const OrganizationMemberSchema = z.object({ analystID: z.number().int(), name: z.string() });
export type OrganizationMember = z.infer<typeof OrganizationMemberSchema>;

export const OrganizationDetailSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  createTimestamp: z.number().int(),
  incidentTags: z.array(IncidentTagCountSchema),
  incidents: z.array(IncidentSummarySchema),
  actors: z.array(OrganizationActorSchema),
  members: z.array(OrganizationMemberSchema),
});
export type OrganizationDetail = z.infer<typeof OrganizationDetailSchema>;
