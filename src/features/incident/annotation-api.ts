/*
 * The writes an analyst makes on an incident: tags, notes, collections, reply threads, links,
 * uploads and markers. Online, each goes straight to the server and returns once it is stored (a
 * refusal is shown beside its field); the page then syncs its mirror. With no network, event tags,
 * notes, links, new collections and markers (without a symbol) are queued in the outbox instead
 * (src/data/outbox): shown at once from the mirror, checked against the same schemas as the server's,
 * sent once, in order, when the network returns. What needs the server's answer first (a reply
 * thread, changing a collection's members, a file, a marker's other symbols) says that the network is
 * needed.
 */
import { z } from 'zod';
import type { NOTE_KINDS, SYMBOLS, UPLOAD_KINDS, ATTACHMENT_KINDS, URL_TYPES } from '../../../domain/annotations.ts';
import { apiDelete, apiPost, apiPostForm, apiPut } from '../../data/api-client.ts';
import { incidentOfEvent, incidentOfLink, incidentOfNote } from '../../data/mirror/index.ts';
import * as outbox from '../../data/outbox/index.ts';

/** What a write queued offline answers: the outbox entry's id. */
export interface QueuedWrite {
  queued: string;
}

const offline = () => typeof navigator !== 'undefined' && !navigator.onLine;

async function known(incidentID: Promise<number | undefined>, what: string): Promise<number> {
  const id = await incidentID;
  if (id === undefined) throw new Error(`This ${what} is not on this device, so it cannot be changed offline.`);
  return id;
}

async function queued(write: Promise<string>): Promise<QueuedWrite> {
  return { queued: await write };
}

const Any = z.unknown();
const WithID = (key: string) => z.object({ [key]: z.object({ id: z.number().int() }) });

export async function addEventTag(eventID: number, name: string): Promise<unknown> {
  if (offline()) return queued(outbox.addTag(await known(incidentOfEvent(eventID), 'event'), { itemType: 'event', eventID }, name));
  return apiPut(`/api/event/${eventID}/tag/${encodeURIComponent(name)}`, undefined, Any);
}

export async function removeEventTag(eventID: number, name: string): Promise<unknown> {
  if (offline()) return queued(outbox.removeTag(await known(incidentOfEvent(eventID), 'event'), { itemType: 'event', eventID }, name));
  return apiDelete(`/api/event/${eventID}/tag/${encodeURIComponent(name)}`, Any);
}

export function createNote(incidentID: number, note: { kind: (typeof NOTE_KINDS)[number]; text: string; eventID?: number }): Promise<unknown> {
  if (offline()) return queued(outbox.addNote(incidentID, note));
  return apiPost(`/api/incident/${incidentID}/note`, note, Any);
}

export async function deleteNote(noteID: number): Promise<unknown> {
  if (offline()) return queued(outbox.deleteNote(await known(incidentOfNote(noteID), 'note'), noteID));
  return apiDelete(`/api/note/${noteID}`, Any);
}

/** A new collection: its id online; offline, the queued write (the collection shows at once from the mirror). */
export async function createCollection(incidentID: number, name: string, eventIDs: number[]): Promise<number | QueuedWrite> {
  if (offline()) return queued(outbox.addCollection(incidentID, { name, eventIDs }));
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
  if (offline()) return queued(outbox.addLink(incidentID, link));
  return apiPost(`/api/incident/${incidentID}/link`, link, Any);
}

export async function deleteLink(linkID: number): Promise<unknown> {
  if (offline()) return queued(outbox.deleteLink(await known(incidentOfLink(linkID), 'link'), linkID));
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

/**
 * A new marker with its symbol: its id online (the symbol set by a second call, which needs that id);
 * offline, the queued write of a marker with no symbol (the plain marker glyph), so only the dialog's
 * default is accepted there and another symbol is refused by field.
 */
export async function createMarker(incidentID: number, marker: { message: string; startTimestamp: number }, symbol: (typeof SYMBOLS)[number] = 'circle'): Promise<number | QueuedWrite> {
  if (offline()) {
    if (symbol !== 'circle') throw new outbox.InvalidWriteError('symbol', 'symbol needs the network: a marker added offline has the plain marker glyph');
    return queued(outbox.addMarker(incidentID, marker));
  }
  const answer = await apiPost(`/api/incident/${incidentID}/marker`, marker, WithID('event'));
  const id = (answer['event'] as { id: number }).id;
  await setMarkerSymbol(id, symbol);
  return id;
}

/** The symbol a marker is drawn with (PUT /api/event/{id}/symbol, markers only). */
export function setMarkerSymbol(markerID: number, symbol: (typeof SYMBOLS)[number]): Promise<unknown> {
  return apiPut(`/api/event/${markerID}/symbol`, { symbol }, Any);
}
