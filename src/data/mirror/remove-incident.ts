import { removeEventNumbersCopy } from './event-numbers-copy.ts';
import { removeIncidentFromMirror } from './incident-writes.ts';
import { mirrorDatabase } from './mirror-database.ts';
import { deleteSwimlaneFrame } from './swimlane-frame-store.ts';

/** "Remove from this device": the incident and all its rows leave the mirror (the server keeps them), its fast copy and kept swimlane frame too. */
export async function removeIncident(incidentID: number): Promise<void> {
  await removeIncidentFromMirror(mirrorDatabase(), incidentID);
  await removeEventNumbersCopy(incidentID);
  await deleteSwimlaneFrame(incidentID);
}
