import { z } from 'zod';
import { apiGet } from '../../data/api-client.ts';

// The fields of GET /api/event/{id} the organization's event panel shows.
const EventSchema = z.object({
  event: z.object({
    id: z.number().int(),
    incidentID: z.number().int(),
    incidentName: z.string(),
    message: z.string(),
    startTimestamp: z.number().int(),
    actorDisplayName: z.string().nullable().optional(),
    streamName: z.string(),
  }),
});
export type OrganizationEvent = z.infer<typeof EventSchema>['event'];

export async function fetchEvent(eventID: number, signal: AbortSignal): Promise<OrganizationEvent> {
  return (await apiGet(`/api/event/${eventID}`, EventSchema, { signal })).event;
}
