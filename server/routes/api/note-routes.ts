/*
 * Notes of a kind (interview, write-up, …) on an incident, or on one of its events. An event's
 * notes are part of its search data, so writing one refreshes that event's.
 */
import { NoteCreateSchema, NoteUpdateSchema } from '../../../domain/annotations.ts';
import type { AppContext } from '../../app-context.ts';
import { invalid, notFound } from '../../http-error.ts';
import { requireEventOf } from '../../repositories/annotation-targets-repository.ts';
import { deleteNote, insertNote, updateNote } from '../../repositories/notes-repository.ts';
import { refreshEventSearch } from '../../repositories/search-repository.ts';
import { createInIncidentRoute } from '../create-in-incident-route.ts';
import { deleteItemRoute, updateItemRoute } from '../item-route.ts';
import type { ApiRoutes } from '../route-options.ts';

/** Audit item types are the spec's annotation types: event_note or incident_note. */
const noteItemType = (eventId: number | null) => (eventId === null ? 'incident_note' : 'event_note');

export function noteRoutes(routes: ApiRoutes, { db }: AppContext): void {
  createInIncidentRoute(routes, db, 'note', NoteCreateSchema, {
    summary: 'Adds a note to an incident, or to one of its events when eventID is given',
    create: async ({ tx, analyst, incident }, { kind, text, eventID }) => {
      if (eventID !== undefined) await requireEventOf(tx, incident.id, eventID);
      const created = await insertNote(tx, {
        incidentId: incident.id,
        eventId: eventID ?? null,
        kind,
        text,
        analystId: analyst.id,
      });
      if (eventID !== undefined) await refreshEventSearch(tx, [eventID]);
      return {
        id: created,
        itemType: noteItemType(eventID ?? null),
        detail: { incidentID: incident.id, eventID: eventID ?? null, kind, length: text.length },
      };
    },
  });

  updateItemRoute(routes, db, 'notes', NoteUpdateSchema, {
    summary: "Changes a note's kind or text",
    update: async ({ tx, audit, ref }, { kind, text }) => {
      if (kind === undefined && text === undefined) throw invalid('text', 'or kind is required');
      const note = await updateNote(tx, ref.item_id, { kind, text });
      if (!note) throw notFound('note'); // deleted since it was found
      if (note.event_id !== null && text !== undefined) await refreshEventSearch(tx, [note.event_id]);
      await audit({
        action: 'update note',
        itemType: noteItemType(note.event_id),
        itemID: ref.item_id,
        detail: {
          incidentID: ref.id,
          eventID: note.event_id,
          ...(kind === undefined ? {} : { kind }),
          ...(text === undefined ? {} : { length: text.length }),
        },
      });
    },
  });

  deleteItemRoute(routes, db, 'notes', {
    summary: 'Deletes a note',
    remove: async ({ tx, audit, ref }) => {
      const gone = await deleteNote(tx, ref.item_id);
      if (!gone) throw notFound('note'); // deleted since it was found
      if (gone.event_id !== null) await refreshEventSearch(tx, [gone.event_id]);
      await audit({
        action: 'delete note',
        itemType: noteItemType(gone.event_id),
        itemID: ref.item_id,
        detail: { incidentID: ref.id, eventID: gone.event_id, kind: gone.kind },
      });
    },
  });
}
