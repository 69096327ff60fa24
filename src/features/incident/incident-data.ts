/*
 * What an incident page reads from the local mirror (useIncident): the entities as the domain
 * schemas infer them, and the incident as the mirror reads it. Screens get these through props and
 * context, never fetch.
 */
import type { z } from 'zod';
import type { IncidentActorSchema, StreamSchema } from '../../../domain/annotations.ts';
import type { EventRow } from '../../../domain/event.ts';
import type { IncidentMirror } from '../../data/mirror/index.ts';

export type Stream = z.infer<typeof StreamSchema>;
export type IncidentActor = z.infer<typeof IncidentActorSchema>;
export type { EventRow };

/**
 * The incident page's data is the mirror's incident (data/mirror/mirror-queries.ts): one shape, so a
 * field added to the mirror reaches every screen without a second declaration drifting from it.
 */
export type IncidentData = IncidentMirror;
