/*
 * Which incident a mirrored event, note or link belongs to: a write queued offline needs the
 * incident (to show it at once and to sync it once sent) when the screen only knows the item.
 */
import { mirrorDatabase } from './mirror-database.ts';

export async function incidentOfEvent(eventID: number): Promise<number | undefined> {
  return (await mirrorDatabase().events.get(eventID))?.incidentID;
}

export async function incidentOfNote(noteID: number): Promise<number | undefined> {
  return (await mirrorDatabase().notes.get(noteID))?.incidentID;
}

export async function incidentOfLink(linkID: number): Promise<number | undefined> {
  return (await mirrorDatabase().links.get(linkID))?.incidentID;
}
