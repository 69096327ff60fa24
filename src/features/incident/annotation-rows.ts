/*
 * Every annotation of an incident (spec section 3's annotation types) as one flat list for the
 * annotations view: what it is, what it is attached to, and its text, so one filter covers all.
 */
import type { ANNOTATION_TYPES } from '../../../domain/annotations.ts';
import type { EventRow, IncidentData } from './incident-data.ts';

export type AnnotationType = (typeof ANNOTATION_TYPES)[number];

interface AnnotationRow {
  key: string;
  type: AnnotationType;
  /** The annotation's own words: a tag name, a note's text, a link's title. */
  text: string;
  /** Extra detail: a note's kind, a link's address, a collection's size. */
  detail: string;
  eventID: number | null;
  streamID: number | null;
  analystID: number | null;
}

export function annotationRows(data: IncidentData, events: readonly EventRow[]): AnnotationRow[] {
  const rows: AnnotationRow[] = [];
  const none = { eventID: null, streamID: null, analystID: null };
  for (const collection of data.collections) {
    rows.push({
      key: `collection ${collection.id}`,
      type: 'event_collection',
      text: collection.name,
      detail: `${collection.eventIDs.length} events${collection.isThread ? ', reply thread' : ''}`,
      ...none,
      analystID: collection.analystID,
    });
  }
  for (const note of data.notes) {
    rows.push({
      key: `note ${note.id}`,
      type: note.eventID === null ? 'incident_note' : 'event_note',
      text: note.text,
      detail: note.kind,
      ...none,
      eventID: note.eventID,
      analystID: note.analystID,
    });
  }
  // An event's and a stream's tags differ only in what they are attached to.
  const itemTags = [
    ...data.eventTags.map((tag) => ({ tag, on: 'event' as const })),
    ...data.streamTags.map((tag) => ({ tag, on: 'stream' as const })),
  ];
  for (const { tag, on } of itemTags)
    rows.push({
      key: `${on} tag ${tag.itemID} ${tag.name}`,
      type: on === 'event' ? 'event_tag' : 'stream_tag',
      text: tag.name,
      detail: '',
      eventID: on === 'event' ? tag.itemID : null,
      streamID: on === 'stream' ? tag.itemID : null,
      analystID: tag.analystID,
    });
  for (const name of data.incident.incidentTags)
    rows.push({ key: `incident tag ${name}`, type: 'incident_tag', text: name, detail: '', ...none });
  for (const link of data.links) {
    rows.push({
      key: `link ${link.id}`,
      type: link.urlType === 'embed' ? 'incident_embed_link' : 'incident_link',
      text: link.title || link.url,
      detail: `${link.urlType} ${link.url}`,
      eventID: link.eventID,
      streamID: link.streamID,
      analystID: link.analystID,
    });
  }
  for (const upload of data.uploads) {
    if (upload.isSystem) continue;
    rows.push({
      key: `upload ${upload.id}`,
      type: 'event_upload',
      text: upload.fileName,
      detail: [upload.kind, upload.attachmentKind].filter(Boolean).join(', '),
      eventID: upload.eventID,
      streamID: upload.streamID,
      analystID: upload.analystID,
    });
  }
  for (const map of data.maps)
    rows.push({ key: `map ${map.id}`, type: 'incident_map', text: map.name, detail: '', ...none });
  for (const related of data.relatedIncidents)
    rows.push({
      key: `related ${related.incidentID}`,
      type: 'incident_related_item',
      text: related.name,
      detail: related.note,
      ...none,
      analystID: related.analystID,
    });
  for (const event of events)
    if (event.isMarker)
      rows.push({
        key: `marker ${event.id}`,
        type: 'marker',
        text: event.message,
        detail: '',
        ...none,
        eventID: event.id,
        streamID: event.streamID,
      });
  return rows;
}

/** Rows of the chosen type (or all) whose words contain every word of `term`, ignoring case. */
export function filterAnnotationRows(
  rows: readonly AnnotationRow[],
  type: AnnotationType | 'all',
  term: string,
): AnnotationRow[] {
  const words = term.toLowerCase().split(/\s+/).filter(Boolean);
  return rows.filter((row) => {
    if (type !== 'all' && row.type !== type) return false;
    const haystack = `${row.text} ${row.detail}`.toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}
