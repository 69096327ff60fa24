/*
 * What an incident page reads from the local mirror (useIncident), as types taken from the domain
 * schemas, so no shape is written twice. Screens get these through props and context, never fetch.
 */
import type { z } from 'zod';
import type {
  CollectionSchema,
  IncidentActorSchema,
  LinkSchema,
  NoteSchema,
  RelatedIncidentSchema,
  StreamSchema,
  TagAssignmentSchema,
  TagSchema,
  UploadSchema,
} from '../../../domain/annotations.ts';
import type { EventRow } from '../../../domain/event.ts';
import type { IncidentSummary } from '../../../domain/incident.ts';
import type { IncidentMapSummarySchema } from '../../../domain/incident-payload.ts';

export type Stream = z.infer<typeof StreamSchema>;
export type IncidentActor = z.infer<typeof IncidentActorSchema>;
export type Collection = z.infer<typeof CollectionSchema>;
export type Note = z.infer<typeof NoteSchema>;
export type IncidentLink = z.infer<typeof LinkSchema>;
export type Tag = z.infer<typeof TagSchema>;
export type TagAssignment = z.infer<typeof TagAssignmentSchema>;
export type Upload = z.infer<typeof UploadSchema>;
export type RelatedIncident = z.infer<typeof RelatedIncidentSchema>;
export type IncidentMapSummary = z.infer<typeof IncidentMapSummarySchema>;
export type { EventRow, IncidentSummary };

export interface IncidentData {
  incident: IncidentSummary;
  streams: readonly Stream[];
  actors: readonly IncidentActor[];
  collections: readonly Collection[];
  notes: readonly Note[];
  links: readonly IncidentLink[];
  tags: readonly Tag[];
  eventTags: readonly TagAssignment[];
  streamTags: readonly TagAssignment[];
  uploads: readonly Upload[];
  maps: readonly IncidentMapSummary[];
  relatedIncidents: readonly RelatedIncident[];
}
