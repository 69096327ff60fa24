/*
 * The writes an analyst makes on an incident: tags, notes, collections, reply threads, links,
 * uploads and markers. Online, each goes straight to the server and answers what it stored, parsed
 * (a refusal is shown beside its field); the page then syncs its mirror. With no network, event tags,
 * notes, links, new collections and markers (without a symbol) are queued in the outbox instead
 * (online-or-queued.ts): shown at once from the mirror, checked against the same schemas as the
 * server's, sent once, in order, when the network returns. What needs the server's answer first (a
 * reply thread, changing a collection's members, a file, a marker's other symbols) needs the network.
 */
import { z } from 'zod';
import { SYMBOLS, TAG_ITEM_TYPES, type ATTACHMENT_KINDS, type NOTE_KINDS, type UPLOAD_KINDS, type URL_TYPES } from '../../domain/annotations.ts';
import { apiDelete, apiPost, apiPostForm, apiPut } from './api-client.ts';
import { incidentOfEvent, incidentOfLink, incidentOfNote } from './mirror/index.ts';
import { incidentOnDevice, isOffline, onlineOrQueued, type QueuedWrite } from './online-or-queued.ts';
import * as outbox from './outbox/index.ts';

export type { QueuedWrite } from './online-or-queued.ts';

const ID = z.number().int();
const WrittenItem = z.object({ id: ID });
const NoteAnswer = z.object({ note: WrittenItem });
const LinkAnswer = z.object({ link: WrittenItem });
const CollectionAnswer = z.object({ collection: WrittenItem });
const MarkerAnswer = z.object({ event: WrittenItem });
const UploadAnswer = z.object({ upload: WrittenItem });
const DeletedAnswer = z.object({ deleted: z.boolean() });
const TagAnswer = z.object({ tag: z.object({ itemType: z.enum(TAG_ITEM_TYPES), itemID: ID, name: z.string() }) });
const MembersAnswer = z.object({ collection: z.object({ id: ID }), changed: z.number().int() });
const SymbolAnswer = z.object({ event: z.object({ id: ID, symbol: z.enum(SYMBOLS) }) });

type TagWritten = z.infer<typeof TagAnswer>;
type Deleted = z.infer<typeof DeletedAnswer>;
type Written = z.infer<typeof WrittenItem>;
type MembersChanged = z.infer<typeof MembersAnswer>;

/**
 * A note or a link deleted by its id, the one way both are: online at /api/{noun}/{id}; offline queued
 * against the incident the device holds it in.
 */
function deleteByID(
  noun: 'note' | 'link',
  id: number,
  incidentOf: (id: number) => Promise<number | undefined>,
  queue: (incidentID: number, id: number) => Promise<string>,
): Promise<Deleted | QueuedWrite> {
  return onlineOrQueued(
    () => apiDelete(`/api/${noun}/${id}`, DeletedAnswer),
    async () => queue(await incidentOnDevice(incidentOf(id), noun), id),
  );
}

export function addEventTag(eventID: number, name: string): Promise<TagWritten | QueuedWrite> {
  return onlineOrQueued(
    () => apiPut(`/api/event/${eventID}/tag/${encodeURIComponent(name)}`, undefined, TagAnswer),
    async () => outbox.addTag(await incidentOnDevice(incidentOfEvent(eventID), 'event'), { itemType: 'event', eventID }, name),
  );
}

export function removeEventTag(eventID: number, name: string): Promise<Deleted | QueuedWrite> {
  return onlineOrQueued(
    () => apiDelete(`/api/event/${eventID}/tag/${encodeURIComponent(name)}`, DeletedAnswer),
    async () => outbox.removeTag(await incidentOnDevice(incidentOfEvent(eventID), 'event'), { itemType: 'event', eventID }, name),
  );
}

export function createNote(incidentID: number, note: { kind: (typeof NOTE_KINDS)[number]; text: string; eventID?: number }): Promise<Written | QueuedWrite> {
  return onlineOrQueued(
    async () => (await apiPost(`/api/incident/${incidentID}/note`, note, NoteAnswer)).note,
    () => outbox.addNote(incidentID, note),
  );
}

export const deleteNote = (noteID: number) => deleteByID('note', noteID, incidentOfNote, outbox.deleteNote);

/** A new collection: its id online; offline, the queued write (the collection shows at once from the mirror). */
export function createCollection(incidentID: number, name: string, eventIDs: number[]): Promise<number | QueuedWrite> {
  return onlineOrQueued(
    async () => (await apiPost(`/api/incident/${incidentID}/collection`, { name, eventIDs }, CollectionAnswer)).collection.id,
    () => outbox.addCollection(incidentID, { name, eventIDs }),
  );
}

export function deleteCollection(collectionID: number): Promise<Deleted> {
  return apiDelete(`/api/collection/${collectionID}`, DeletedAnswer);
}

export function addCollectionEvents(collectionID: number, eventIDs: number[]): Promise<MembersChanged> {
  return apiPost(`/api/collection/${collectionID}/events`, { eventIDs }, MembersAnswer);
}

export function removeCollectionEvents(collectionID: number, eventIDs: number[]): Promise<MembersChanged> {
  return apiDelete(`/api/collection/${collectionID}/events`, MembersAnswer, {}, { eventIDs });
}

/** The event's reply thread ("Reply thread {eventID}"), made on the first call. */
export async function openReplyThread(eventID: number): Promise<number> {
  return (await apiPost(`/api/event/${eventID}/thread`, undefined, CollectionAnswer)).collection.id;
}

export function createLink(incidentID: number, link: { url: string; urlType: (typeof URL_TYPES)[number]; title: string; eventID?: number }): Promise<Written | QueuedWrite> {
  return onlineOrQueued(
    async () => (await apiPost(`/api/incident/${incidentID}/link`, link, LinkAnswer)).link,
    () => outbox.addLink(incidentID, link),
  );
}

export const deleteLink = (linkID: number) => deleteByID('link', linkID, incidentOfLink, outbox.deleteLink);

export async function attachUpload(
  incidentID: number,
  file: File,
  options: { kind?: (typeof UPLOAD_KINDS)[number] | undefined; eventID?: number | undefined; attachmentKind?: (typeof ATTACHMENT_KINDS)[number] | undefined },
): Promise<Written> {
  const form = new FormData();
  if (options.kind) form.set('kind', options.kind);
  if (options.eventID !== undefined) form.set('eventID', String(options.eventID));
  if (options.attachmentKind) form.set('attachmentKind', options.attachmentKind);
  // NOTE: the file goes last: the server reads the fields before it streams the file.
  form.set('file', file);
  return (await apiPostForm(`/api/incident/${incidentID}/upload`, form, UploadAnswer)).upload;
}

/**
 * A new marker with its symbol: its id online (the symbol set by a second call, which needs that id);
 * offline, the queued write of a marker with no symbol (the plain marker glyph), so only the dialog's
 * default is accepted there and another symbol is refused by field.
 */
export async function createMarker(incidentID: number, marker: { message: string; startTimestamp: number }, symbol: (typeof SYMBOLS)[number] = 'circle'): Promise<number | QueuedWrite> {
  if (isOffline() && symbol !== 'circle') throw new outbox.InvalidWriteError('symbol', 'symbol needs the network: a marker added offline has the plain marker glyph');
  return onlineOrQueued(
    async () => {
      const { id } = (await apiPost(`/api/incident/${incidentID}/marker`, marker, MarkerAnswer)).event;
      await setMarkerSymbol(id, symbol);
      return id;
    },
    () => outbox.addMarker(incidentID, marker),
  );
}

/** The symbol a marker is drawn with (PUT /api/event/{id}/symbol, markers only). */
async function setMarkerSymbol(markerID: number, symbol: (typeof SYMBOLS)[number]): Promise<{ id: number; symbol: (typeof SYMBOLS)[number] }> {
  return (await apiPut(`/api/event/${markerID}/symbol`, { symbol }, SymbolAnswer)).event;
}
