/*
 * Where an incident comes from: the API client in the app, a canned server in unit tests. Its own file
 * so the sync and the catch-up both name it without importing each other.
 */
import type { IncidentChanges } from '../../../domain/incident-changes.ts';
import type { EventRow } from '../../../domain/event.ts';
import type { EventColumns } from '../../../domain/events/event-columns.ts';
import type { IncidentPayload } from '../../../domain/incident-payload.ts';

/** Where an incident comes from: the API client in the app, a canned server in unit tests. */
export interface IncidentSource {
  payload(incidentID: number, signal: AbortSignal | undefined): Promise<IncidentPayload>;
  eventPage(incidentID: number, after: string | undefined, limit: number, signal: AbortSignal | undefined): Promise<{ events: EventRow[]; nextCursor: string | null }>;
  /** The same page as columns (the columnar wire); the sync prefers it where a source has it. */
  eventColumnPage?(incidentID: number, after: string | undefined, limit: number, signal: AbortSignal | undefined): Promise<{ columns: EventColumns; nextCursor: string | null }>;
  /** What changed since the change number `since` of `epoch` (a page of it, after `after`). */
  changes(incidentID: number, since: number, epoch: string, after: string | undefined, signal: AbortSignal | undefined): Promise<IncidentChanges>;
  /** Whether the acting analyst may read the organization (tells a deleted incident from a wall). */
  organizationReadable?(organizationID: number, signal: AbortSignal | undefined): Promise<boolean>;
}

