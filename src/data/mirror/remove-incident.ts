import { removeEventNumbersCopy } from './event-numbers-copy.ts';
import { removeIncidentFromMirror } from './incident-writes.ts';
import { mirrorDatabase } from './mirror-database.ts';

/** "Remove from this device": the incident and all its rows leave the mirror (the server keeps them), its fast copy too. */
export async function removeIncident(incidentID: number): Promise<void> {
  await removeIncidentFromMirror(mirrorDatabase(), incidentID);
  await removeEventNumbersCopy(incidentID);
}
