/*
 * Annotations (spec section 3): collections, tags, notes, links, uploads and related incidents,
 * each made by an analyst, as they travel on the wire, with the rules their inputs must meet.
 */
import { z } from 'zod';
import { lineText, multiLineText } from './text-rules.ts';

const Id = z.number().int();
const Name = (max = 200) =>
  lineText()
    .trim()
    .min(1, { error: 'is required' })
    .max(max, { error: `is longer than ${max} characters` });
const NoteText = multiLineText()
  .trim()
  .min(1, { error: 'is required' })
  .max(200_000, { error: 'is longer than 200,000 characters' });
const RelatedNote = multiLineText().trim().max(2000, { error: 'is longer than 2000 characters' });

export const ANNOTATION_TYPES = [
  'event_collection',
  'event_note',
  'event_tag',
  'event_upload',
  'incident_embed_link',
  'incident_link',
  'incident_map',
  'incident_note',
  'incident_related_item',
  'incident_tag',
  'marker',
  'stream_tag',
] as const;
export const MERGE_OUTCOMES = [
  'safe',
  'no_source_annotations',
  'has_target_annotations',
  'merge_conflict',
  'source_markers_have_annotations',
] as const;
export const URL_TYPES = [
  'churchkey',
  'source',
  'embed',
  'gerrit',
  'grafana',
  'phabricator',
  'sal',
  'wikitech',
  'other',
] as const;
export const NOTE_KINDS = [
  'interview',
  'intra-incident chat',
  'intra-incident call',
  'group review',
  'write-up',
  'document',
  'other',
] as const;
export const UPLOAD_KINDS = ['audio', 'har', 'image', 'pdf', 'text', 'video'] as const;
export const ATTACHMENT_KINDS = ['event_message', 'attachment'] as const;
export const SYMBOLS = ['circle', 'airplane', 'rocket'] as const;
export const TAG_ITEM_TYPES = ['event', 'stream', 'incident'] as const;

/** Only http and https addresses: anything else (javascript:, data:, file:) could run or leak. */
export const HttpUrlSchema = z
  .string()
  .trim()
  .max(4096, { error: 'is longer than 4096 characters' })
  .refine(
    (value) => {
      try {
        // NOTE: the URL parser forgives "http:/host" and "http:\\host"; the stored text must itself
        // start with http:// or https://, which the links table checks too.
        const url = new URL(value);
        return (
          /^https?:\/\//i.test(value) && (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== ''
        );
      } catch {
        return false;
      }
    },
    { error: 'must be an http or https address' },
  );

export const TagNameSchema = Name(100).refine((name) => !/\p{Cc}/u.test(name), {
  error: 'may not hold control characters',
});
const ColorSchema = z
  .string()
  .trim()
  .regex(/^(#[0-9a-fA-F]{6}([0-9a-fA-F]{2})?)?$/, { error: 'must be a colour as #rrggbb or #rrggbbaa' });

// ---- on the wire ----
/** What every stream, actor and collection of an incident has: the analyst knows it by its name. */
const NamedIncidentItemSchema = z.object({ id: Id, incidentID: Id, name: z.string() });

export const StreamSchema = NamedIncidentItemSchema.extend({
  isMarkerStream: z.boolean(),
  importFormat: z.string().nullable(),
  clockOffsetMicroseconds: z.number().int(),
  eventCount: z.number().int(),
  tags: z.array(z.string()),
  createTimestamp: z.number().int(),
});

export const IncidentActorSchema = NamedIncidentItemSchema.extend({
  isBot: z.boolean(),
  organizationActorID: Id.nullable(),
  eventCount: z.number().int(),
});

export const CollectionSchema = NamedIncidentItemSchema.extend({
  isAnalyst: z.boolean(),
  isThread: z.boolean(),
  threadEventID: Id.nullable(),
  eventIDs: z.array(Id),
  analystID: Id.nullable(),
});

export const NoteSchema = z.object({
  id: Id,
  incidentID: Id,
  eventID: Id.nullable(),
  kind: z.enum(NOTE_KINDS),
  text: z.string(),
  analystID: Id.nullable(),
  analystName: z.string().nullable(),
  createTimestamp: z.number().int(),
  updateTimestamp: z.number().int(),
});

export const LinkSchema = z.object({
  id: Id,
  incidentID: Id,
  eventID: Id.nullable(),
  streamID: Id.nullable(),
  url: z.string(),
  urlType: z.enum(URL_TYPES),
  title: z.string(),
  analystID: Id.nullable(),
  createTimestamp: z.number().int(),
});

export const TagSchema = z.object({
  name: z.string(),
  count: z.number().int(),
  color: z.string(),
  isLabel: z.boolean(),
  itemType: z.enum(TAG_ITEM_TYPES),
  analystID: Id.nullable(),
  incidentID: Id,
});

/** One tag on one item: which event or stream carries which tag. */
export const TagAssignmentSchema = z.object({ itemID: Id, name: z.string(), analystID: Id.nullable() });

export const UploadSchema = z.object({
  id: Id,
  incidentID: Id,
  fileName: z.string(),
  mediaType: z.string(),
  kind: z.enum(UPLOAD_KINDS),
  sizeBytes: z.number().int(),
  sha256: z.string(),
  eventID: Id.nullable(),
  attachmentKind: z.enum(ATTACHMENT_KINDS).nullable(),
  streamID: Id.nullable(),
  isSystem: z.boolean(),
  analystID: Id.nullable(),
  createTimestamp: z.number().int(),
});

export const RelatedIncidentSchema = z.object({
  incidentID: Id,
  name: z.string(),
  note: z.string(),
  analystID: Id.nullable(),
});

// ---- inputs ----
export const CollectionCreateSchema = z
  .object({ name: Name(), eventIDs: z.array(Id.positive()).max(10_000).default([]) })
  .strict();
export const CollectionUpdateSchema = z.object({ name: Name().optional() }).strict();
export const CollectionMembersSchema = z.object({ eventIDs: z.array(Id.positive()).min(1).max(10_000) }).strict();
export const NoteCreateSchema = z
  .object({ kind: z.enum(NOTE_KINDS), text: NoteText, eventID: Id.positive().optional() })
  .strict();
export const NoteUpdateSchema = z.object({ kind: z.enum(NOTE_KINDS).optional(), text: NoteText.optional() }).strict();
export const LinkCreateSchema = z
  .object({
    url: HttpUrlSchema,
    urlType: z.enum(URL_TYPES).default('other'),
    title: lineText().trim().max(500, { error: 'is longer than 500 characters' }).default(''),
    eventID: Id.positive().optional(),
    streamID: Id.positive().optional(),
  })
  .strict();
export const TagStyleSchema = z
  .object({
    itemType: z.enum(TAG_ITEM_TYPES),
    name: TagNameSchema,
    color: ColorSchema.optional(),
    isLabel: z.boolean().optional(),
  })
  .strict();
/** PUT /api/incident/{incidentID}/related/{relatedIncidentID}: the note, or none to keep the one there is. */
export const RelatedIncidentUpdateSchema = z.object({ note: RelatedNote.optional() }).strict();
