/* Notes on an incident, or on one of its events (event_id set). */
import type { Queryable } from '../db/database.ts';
import type { NOTE_KINDS } from '../../domain/annotations.ts';
import { nowMicros } from '../time.ts';

type NoteKind = (typeof NOTE_KINDS)[number];

export async function insertNote(
  db: Queryable,
  note: { incidentId: number; eventId: number | null; kind: NoteKind; text: string; analystId: number },
): Promise<number> {
  const now = nowMicros();
  const rows = await db.query<{ id: number }>(
    `INSERT INTO notes (incident_id, event_id, kind, body, created_micros, updated_micros, analyst_id)
     VALUES ($1, $2, $3, $4, $5, $5, $6) RETURNING id`,
    [note.incidentId, note.eventId, note.kind, note.text, now, note.analystId],
  );
  return rows[0]!.id;
}

/**
 * Changes what is given; updated_micros always moves forward, even within the same millisecond.
 * The note stays its author's; who changed it is in the data audit.
 */
export async function updateNote(
  db: Queryable,
  noteId: number,
  change: { kind?: NoteKind | undefined; text?: string | undefined },
): Promise<{ event_id: number | null } | undefined> {
  const rows = await db.query<{ event_id: number | null }>(
    `UPDATE notes SET kind = coalesce($2::text, kind), body = coalesce($3::text, body),
            updated_micros = greatest($4::bigint, updated_micros + 1)
      WHERE id = $1 RETURNING event_id`,
    [noteId, change.kind ?? null, change.text ?? null, nowMicros()],
  );
  return rows[0];
}

export async function deleteNote(
  db: Queryable,
  noteId: number,
): Promise<{ event_id: number | null; kind: string } | undefined> {
  const rows = await db.query<{ event_id: number | null; kind: string }>(
    'DELETE FROM notes WHERE id = $1 RETURNING event_id, kind',
    [noteId],
  );
  return rows[0];
}
