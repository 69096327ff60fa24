/*
 * Actors as they travel on the wire (spec section 3): an incident's actors, and the organization's
 * actors they may stand for (a start date as YYYY-MM-DD, checked to be a real day).
 */
import { z } from 'zod';
import { entityName, entityText, entityID } from './entity-fields.ts';

export const IncidentActorCreateSchema = z
  .object({
    name: entityName(),
    isBot: z.boolean().default(false),
    organizationActorID: entityID.positive().nullable().default(null),
  })
  .strict();
export const IncidentActorUpdateSchema = z
  .object({
    name: entityName().optional(),
    isBot: z.boolean().optional(),
    organizationActorID: entityID.positive().nullable().optional(),
  })
  .strict();

const DateString = z
  .string()
  .regex(/^(\d{4}-\d{2}-\d{2})?$/, { error: 'must be a date as YYYY-MM-DD' })
  .refine(
    (value) => {
      if (value === '') return true;
      const parsed = new Date(`${value}T00:00:00Z`);
      // NOTE: Date accepts 2021-02-30 (rolling it over), so compare the round trip.
      return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
    },
    { error: 'is not a real date' },
  );

export const OrganizationActorCreateSchema = z
  .object({
    displayName: entityName(),
    startDate: DateString.default(''),
    description: entityText(10_000).default(''),
    isBot: z.boolean().default(false),
  })
  .strict();
const OrganizationActorUpdateSchema = z
  .object({
    id: entityID.positive(),
    displayName: entityName().optional(),
    startDate: DateString.optional(),
    description: entityText(10_000).optional(),
    isBot: z.boolean().optional(),
  })
  .strict();
export const OrganizationActorBulkSchema = z
  .object({ actors: z.array(OrganizationActorUpdateSchema).min(1).max(5000) })
  .strict();
