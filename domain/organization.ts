/*
 * An organization as it travels on the wire (spec section 3): what creating and editing one
 * accept, the summary every list shows, and the fields a list of them sorts by.
 */
import { z } from 'zod';
import { entityName, entityText, entityID } from './entity-fields.ts';

export const OrganizationCreateSchema = z
  .object({ name: entityName(), description: entityText(10_000).default('') })
  .strict();
export const OrganizationUpdateSchema = z
  .object({ name: entityName().optional(), description: entityText(10_000).optional() })
  .strict();

export const OrganizationSummarySchema = z.object({
  id: entityID,
  name: z.string(),
  description: z.string(),
  incidentCount: z.number().int(),
  createTimestamp: z.number().int(),
});

export const ORGANIZATION_SORT_FIELDS = ['name', 'createTimestamp', 'incidentCount'] as const;
