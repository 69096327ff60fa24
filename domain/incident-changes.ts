/*
 * The answer of GET /api/incident/{id}/changes (issue 20, delta sync): what changed in an incident
 * since the change number a device holds. Here so the browser's mirror parses it with the schema the
 * server serialises it through. The revision string "epoch:seq" is the payload's eventsRevision.
 */
import { z } from 'zod';
import { IncidentActorSchema, StreamSchema } from './annotations.ts';
import { EventRowSchema } from './event.ts';
import { IncidentSummarySchema } from './incident.ts';

export const IncidentChangesSchema = z.object({
  /** The incident's random epoch: a device holding another one syncs in full. */
  epoch: z.string(),
  /** Every change up to this number is in this answer and the pages after it. */
  seq: z.number().int(),
  /** true: the device's number is unknown or too old (tombstones compacted): sync in full. */
  full: z.boolean(),
  /** Something of the payload beside the events changed (notes, tags, streams…): fetch it again. */
  payloadChanged: z.boolean(),
  /** Events added or changed since, in (change, id) order; page on with nextCursor as `after`. */
  events: z.array(EventRowSchema),
  /** Events deleted since (on the first page only). */
  deletedEventIDs: z.array(z.number().int()),
  nextCursor: z.string().nullable(),
  /** When anything changed: the counts, streams and actors as they are now (event counts move with events). */
  summary: IncidentSummarySchema.nullable(),
  streams: z.array(StreamSchema).nullable(),
  actors: z.array(IncidentActorSchema).nullable(),
});
export type IncidentChanges = z.infer<typeof IncidentChangesSchema>;

/** "epoch:seq" as the payload's eventsRevision says it; undefined for an older revision's shape. */
export function parseChangeRevision(revision: string | undefined): { epoch: string; seq: number } | undefined {
  const match = revision === undefined ? null : /^([0-9a-f-]{36}):(\d{1,15})$/.exec(revision);
  return match ? { epoch: match[1] as string, seq: Number(match[2]) } : undefined;
}

export function changeRevision(epoch: string, seq: number): string {
  return `${epoch}:${seq}`;
}
