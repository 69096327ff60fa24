import { removeIncidentFromMirror } from './incident-writes.ts';
import { mirrorDatabase } from './mirror-database.ts';

/** "Remove from this device": the incident and all its rows leave the mirror (the server keeps them). */
export function removeIncident(incidentID: number): Promise<void> {
  return removeIncidentFromMirror(mirrorDatabase(), incidentID);
}
