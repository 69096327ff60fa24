/*
 * What an incident page reads from the local mirror (useIncident): the entities as the domain
 * schemas infer them, and the incident as the mirror reads it. Screens get these through props and
 * context, never fetch.
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
import type { IncidentMirror } from '../../data/mirror/index.ts';

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

/**
 * The incident page's data is the mirror's incident (data/mirror/mirror-queries.ts): one shape, so a
 * field added to the mirror reaches every screen without a second declaration drifting from it.
 */
export type IncidentData = IncidentMirror;
