/*
 * The stream panel without a network: the same StreamDetailSource read from this device's mirror
 * of the incident (src/data/mirror), which the incident page keeps filled. Only what was mirrored
 * is there; changes still need the server.
 */
import { readMirroredStream, readMirroredStreamEvents } from '../../data/mirror/stream-mirror-reads.ts';
import type { StreamDetailSource } from './load-stream-detail.ts';

class NotMirroredError extends Error {
  constructor(what: string) {
    super(`${what} is not on this device`);
    this.name = 'NotMirroredError';
  }
}

/** A source for one stream: the mirror has every event, so the payload counts as complete. */
export function mirrorStreamSource(streamID: number): StreamDetailSource {
  return {
    async stream(id) {
      const found = await readMirroredStream(id);
      if (!found) throw new NotMirroredError(`stream ${id}`);
      const { stream, incident: mirror } = found;
      const uploads = (mirror?.uploads ?? []).filter((upload) => upload.streamID === id);
      return {
        ...stream,
        links: (mirror?.links ?? []).filter((link) => link.streamID === id),
        uploads: uploads.filter((upload) => !upload.isSystem),
        systemUploads: uploads.filter((upload) => upload.isSystem),
      };
    },
    async incident(incidentID) {
      const found = await readMirroredStreamEvents(incidentID, streamID);
      if (!found) throw new NotMirroredError(`incident ${incidentID}`);
      const { incident: mirror, events } = found;
      return {
        id: incidentID,
        name: mirror.incident.name,
        firstTimestamp: mirror.incident.firstTimestamp,
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
