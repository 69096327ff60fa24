/*
 * The writes an analyst makes on an incident: tags, notes, collections, reply threads, links,
 * uploads and markers. Each returns once the server has stored it; the page then syncs its mirror.
 * (The offline outbox may later take these over.)
 */
import { z } from 'zod';
import type { NOTE_KINDS, SYMBOLS, UPLOAD_KINDS, ATTACHMENT_KINDS, URL_TYPES } from '../../../domain/annotations.ts';
import { apiDelete, apiPost, apiPostForm, apiPut } from '../../data/api-client.ts';

const Any = z.unknown();
const WithID = (key: string) => z.object({ [key]: z.object({ id: z.number().int() }) });

export function addEventTag(eventID: number, name: string): Promise<unknown> {
  return apiPut(`/api/event/${eventID}/tag/${encodeURIComponent(name)}`, undefined, Any);
}

export function removeEventTag(eventID: number, name: string): Promise<unknown> {
  return apiDelete(`/api/event/${eventID}/tag/${encodeURIComponent(name)}`, Any);
}

export function createNote(incidentID: number, note: { kind: (typeof NOTE_KINDS)[number]; text: string; eventID?: number }): Promise<unknown> {
  return apiPost(`/api/incident/${incidentID}/note`, note, Any);
}

export function deleteNote(noteID: number): Promise<unknown> {
  return apiDelete(`/api/note/${noteID}`, Any);
}

export async function createCollection(incidentID: number, name: string, eventIDs: number[]): Promise<number> {
  const answer = await apiPost(`/api/incident/${incidentID}/collection`, { name, eventIDs }, WithID('collection'));
  return (answer['collection'] as { id: number }).id;
}

export function deleteCollection(collectionID: number): Promise<unknown> {
  return apiDelete(`/api/collection/${collectionID}`, Any);
}

export function addCollectionEvents(collectionID: number, eventIDs: number[]): Promise<unknown> {
  return apiPost(`/api/collection/${collectionID}/events`, { eventIDs }, Any);
}

export function removeCollectionEvents(collectionID: number, eventIDs: number[]): Promise<unknown> {
  return apiDelete(`/api/collection/${collectionID}/events`, Any, {}, { eventIDs });
}

/** The event's reply thread ("Reply thread {eventID}"), made on the first call. */
export async function openReplyThread(eventID: number): Promise<number> {
  const answer = await apiPost(`/api/event/${eventID}/thread`, undefined, WithID('collection'));
  return (answer['collection'] as { id: number }).id;
}

export function createLink(incidentID: number, link: { url: string; urlType: (typeof URL_TYPES)[number]; title: string; eventID?: number }): Promise<unknown> {
  return apiPost(`/api/incident/${incidentID}/link`, link, Any);
}

export function deleteLink(linkID: number): Promise<unknown> {
  return apiDelete(`/api/link/${linkID}`, Any);
}

export function attachUpload(
  incidentID: number,
  file: File,
  options: { kind?: (typeof UPLOAD_KINDS)[number] | undefined; eventID?: number | undefined; attachmentKind?: (typeof ATTACHMENT_KINDS)[number] | undefined },
): Promise<unknown> {
  const form = new FormData();
  if (options.kind) form.set('kind', options.kind);
  if (options.eventID !== undefined) form.set('eventID', String(options.eventID));
  if (options.attachmentKind) form.set('attachmentKind', options.attachmentKind);
  // NOTE: the file goes last: the server reads the fields before it streams the file.
  form.set('file', file);
  return apiPostForm(`/api/incident/${incidentID}/upload`, form, Any);
}

export async function createMarker(incidentID: number, marker: { message: string; startTimestamp: number }): Promise<number> {
  const answer = await apiPost(`/api/incident/${incidentID}/marker`, marker, WithID('event'));
  return (answer['event'] as { id: number }).id;
}

/** The symbol a marker is drawn with (PUT /api/event/{id}/symbol, markers only). */
export function setMarkerSymbol(markerID: number, symbol: (typeof SYMBOLS)[number]): Promise<unknown> {
  return apiPut(`/api/event/${markerID}/symbol`, { symbol }, Any);
}
