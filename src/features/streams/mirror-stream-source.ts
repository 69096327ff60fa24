/*
 * The stream panel without a network: the same StreamDetailSource read from this device's mirror
 * of the incident (src/data/mirror), which the incident page keeps filled. Only what was mirrored
 * is there; changes still need the server.
 */
import { mirrorDatabase } from '../../data/mirror/mirror-database.ts';
import { readIncidentEvents, readIncidentMirror } from '../../data/mirror/mirror-queries.ts';
import type { StreamDetailSource } from './load-stream-detail.ts';

export class NotMirroredError extends Error {
  constructor(what: string) {
    super(`${what} is not on this device`);
    this.name = 'NotMirroredError';
  }
}

/** A source for one stream: the mirror has every event, so the payload counts as complete. */
export function mirrorStreamSource(streamID: number): StreamDetailSource {
  return {
    async stream(id) {
      const db = mirrorDatabase();
      const stream = await db.streams.get(id);
      if (!stream) throw new NotMirroredError(`stream ${id}`);
      const mirror = await readIncidentMirror(db, stream.incidentID);
      const uploads = (mirror?.uploads ?? []).filter((upload) => upload.streamID === id);
      return {
        ...stream,
        links: (mirror?.links ?? []).filter((link) => link.streamID === id),
        uploads: uploads.filter((upload) => !upload.isSystem),
        systemUploads: uploads.filter((upload) => upload.isSystem),
      };
    },
    async incident(incidentID) {
      const db = mirrorDatabase();
      const mirror = await readIncidentMirror(db, incidentID);
      if (!mirror) throw new NotMirroredError(`incident ${incidentID}`);
      const events = await readIncidentEvents(db, incidentID, { streamIDs: [streamID] });
      return {
        id: incidentID,
        name: mirror.incident.name,
        streams: mirror.streams,
        actors: mirror.actors,
        events,
        eventsComplete: true,
        counts: { events: mirror.incident.counts.events },
      };
    },
    eventPage() {
      return Promise.reject(new Error('the mirror answers with every event of the stream at once'));
    },
  };
}
