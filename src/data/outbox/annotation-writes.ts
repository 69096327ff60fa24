/*
 * The annotation writes screens make (notes, tags, links, collections, markers), each checked with
 * the server's own input schema before it is queued (a bad input is refused at once, naming the
 * field, never queued to fail later), sent through the outbox, and shown in the mirror at once.
 */
import { z } from 'zod';
import {
  CollectionCreateSchema,
  LinkCreateSchema,
  NoteCreateSchema,
  TagNameSchema,
} from '../../../domain/annotations.ts';
import { MarkerCreateSchema } from '../../../domain/event.ts';
import { getActingAnalystID } from '../api-client.ts';
import { mirrorDatabase } from '../mirror/mirror-database.ts';
import { enqueueWrite } from './enqueue-write.ts';
import { temporaryID } from './outbox-store.ts';

/** A write refused before it was queued: `field` is the input at fault, `message` says why. */
export class InvalidWriteError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'InvalidWriteError';
  }
}

function parse<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.path.join('.') || 'body';
  throw new InvalidWriteError(field, `${field} ${issue?.message ?? 'is invalid'}`);
}

const nowMicros = () => Date.now() * 1000;
const analystID = () => getActingAnalystID() || null;

export async function addNote(incidentID: number, input: z.input<typeof NoteCreateSchema>): Promise<string> {
  const body = parse(NoteCreateSchema, input);
  const id = temporaryID();
  return enqueueWrite({
    method: 'POST',
    path: `/api/incident/${incidentID}/note`,
    body,
    label: body.eventID === undefined ? 'Note on the incident' : `Note on event ${body.eventID}`,
    incidentID,
    optimistic: [
      {
        table: 'notes',
        put: { id, incidentID, eventID: body.eventID ?? null, kind: body.kind, text: body.text, analystID: analystID(), analystName: null, createTimestamp: nowMicros(), updateTimestamp: nowMicros() },
      },
    ],
  });
}

export function deleteNote(incidentID: number, noteID: number): Promise<string> {
  return enqueueWrite({ method: 'DELETE', path: `/api/note/${noteID}`, label: 'Delete a note', incidentID, optimistic: [{ table: 'notes', delete: noteID }] });
}

export type TagTarget = { itemType: 'event'; eventID: number } | { itemType: 'stream'; streamID: number } | { itemType: 'incident' };

function tagPath(incidentID: number, target: TagTarget, name: string): string {
  const tag = encodeURIComponent(name);
  if (target.itemType === 'event') return `/api/event/${target.eventID}/tag/${tag}`;
  if (target.itemType === 'stream') return `/api/stream/${target.streamID}/tag/${tag}`;
  return `/api/incident/${incidentID}/tag/${tag}`;
}

function tagRow(incidentID: number, target: TagTarget, name: string) {
  if (target.itemType === 'incident') return undefined;
  const itemID = target.itemType === 'event' ? target.eventID : target.streamID;
  return { table: target.itemType === 'event' ? ('eventTags' as const) : ('streamTags' as const), row: { incidentID, itemID, name, analystID: analystID() } };
}

/** The tag name checked as the server checks its tagName path parameter, and named the same way. */
const tagNameOf = (name: string) => parse(z.object({ tagName: TagNameSchema }), { tagName: name }).tagName;

export async function addTag(incidentID: number, target: TagTarget, name: string): Promise<string> {
  const tag = tagNameOf(name);
  const optimistic = tagRow(incidentID, target, tag);
  return enqueueWrite({
    method: 'PUT',
    path: tagPath(incidentID, target, tag),
    label: `Tag “${tag}” on the ${target.itemType}`,
    incidentID,
    optimistic: optimistic ? [{ table: optimistic.table, put: optimistic.row }] : [],
  });
}

export async function removeTag(incidentID: number, target: TagTarget, name: string): Promise<string> {
  const tag = tagNameOf(name);
  const optimistic = tagRow(incidentID, target, tag);
  return enqueueWrite({
    method: 'DELETE',
    path: tagPath(incidentID, target, tag),
    label: `Remove tag “${tag}” from the ${target.itemType}`,
    incidentID,
    optimistic: optimistic ? [{ table: optimistic.table, delete: [incidentID, optimistic.row.itemID, tag] }] : [],
  });
}

export async function addLink(incidentID: number, input: z.input<typeof LinkCreateSchema>): Promise<string> {
  const body = parse(LinkCreateSchema, input);
  return enqueueWrite({
    method: 'POST',
    path: `/api/incident/${incidentID}/link`,
    body,
    label: `Link ${body.url}`,
    incidentID,
    optimistic: [
      {
        table: 'links',
        put: { id: temporaryID(), incidentID, eventID: body.eventID ?? null, streamID: body.streamID ?? null, url: body.url, urlType: body.urlType, title: body.title, analystID: analystID(), createTimestamp: nowMicros() },
      },
    ],
  });
}

export function deleteLink(incidentID: number, linkID: number): Promise<string> {
  return enqueueWrite({ method: 'DELETE', path: `/api/link/${linkID}`, label: 'Delete a link', incidentID, optimistic: [{ table: 'links', delete: linkID }] });
}

export async function addCollection(incidentID: number, input: z.input<typeof CollectionCreateSchema>): Promise<string> {
  const body = parse(CollectionCreateSchema, input);
  return enqueueWrite({
    method: 'POST',
    path: `/api/incident/${incidentID}/collection`,
    body,
    label: `Collection “${body.name}”`,
    incidentID,
    optimistic: [
      {
        table: 'collections',
        put: { id: temporaryID(), incidentID, name: body.name, isAnalyst: true, isThread: false, threadEventID: null, eventIDs: body.eventIDs, analystID: analystID() },
      },
    ],
  });
}

export async function addMarker(incidentID: number, input: z.input<typeof MarkerCreateSchema>): Promise<string> {
  const body = parse(MarkerCreateSchema, input);
  const markerStream = await mirrorDatabase().streams.where('incidentID').equals(incidentID).filter((stream) => stream.isMarkerStream).first();
  return enqueueWrite({
    method: 'POST',
    path: `/api/incident/${incidentID}/marker`,
    body,
    label: `Marker “${body.message}”`,
    incidentID,
    touchesEvents: true,
    optimistic: [
      {
        table: 'events',
        put: {
          id: temporaryID(),
          incidentID,
          streamID: markerStream?.id ?? 0,
          actorID: 0,
          isMarker: true,
          message: body.message,
          startTimestamp: body.startTimestamp,
          endTimestamp: body.endTimestamp ?? body.startTimestamp,
          extra: null,
        },
      },
    ],
  });
}
