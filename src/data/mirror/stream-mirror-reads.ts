/*
 * What the stream panel reads from this device's mirror when the server cannot answer: one stream
 * with its incident's annotations, and the incident with that stream's events. Here, in src/data,
 * so the feature never reads the mirror's tables itself.
 */
import { mirrorDatabase } from './mirror-database.ts';
import { readIncidentEvents, readIncidentMirror } from './mirror-queries.ts';

/** The mirrored stream and its incident's mirror, or undefined when the stream is not on the device. */
export async function readMirroredStream(streamID: number) {
  const db = mirrorDatabase();
  const stream = await db.streams.get(streamID);
  if (!stream) return undefined;
  return { stream, incident: await readIncidentMirror(db, stream.incidentID) };
}

/** The mirrored incident and the events of one of its streams, or undefined when it is not on the device. */
export async function readMirroredStreamEvents(incidentID: number, streamID: number) {
  const db = mirrorDatabase();
  const incident = await readIncidentMirror(db, incidentID);
  if (!incident) return undefined;
  return { incident, events: await readIncidentEvents(db, incidentID, { streamIDs: [streamID] }) };
}
