import { describe, expect, it } from 'vitest';
import type { EventRow } from '../../../domain/event.ts';
import { loadStreamDetail, type StreamDetailSource } from './load-stream-detail.ts';
import type { IncidentStreams, StreamDetail } from './streams-api.ts';

const event = (id: number, streamID: number, start: number): EventRow => ({
  id,
  streamID,
  actorID: 1,
  isMarker: false,
  message: `e${id}`,
  startTimestamp: start,
  endTimestamp: start + 5,
  extra: null,
});

const stream = (eventCount: number, incidentID = 1): StreamDetail => ({
  id: 7,
  incidentID,
  name: 'log',
  isMarkerStream: false,
  importFormat: 'delimited',
  clockOffsetMicroseconds: 0,
  eventCount,
  tags: [],
  createTimestamp: 0,
  links: [],
  uploads: [],
  systemUploads: [],
});

const incident = (events: EventRow[], complete: boolean, total = events.length): IncidentStreams => ({
  id: 1,
  name: 'incident',
  firstTimestamp: events[0]?.startTimestamp ?? null,
  streams: [],
  actors: [],
  events: complete ? events : [],
  eventsComplete: complete,
  counts: { events: total },
});

/** An in-memory server: pages of `pageSize` over `all`, counting the pages asked for. */
function source(detail: StreamDetail, payload: IncidentStreams, all: EventRow[], pageSize: number) {
  const asked: (string | null)[] = [];
  const api: StreamDetailSource = {
    stream: () => Promise.resolve(detail),
    incident: () => Promise.resolve(payload),
    eventPage: (_incidentID, after, _limit) => {
      asked.push(after);
      const from = after === null ? 0 : Number(after);
      const events = all.slice(from, from + pageSize);
      return Promise.resolve({ events, nextCursor: from + pageSize < all.length ? String(from + pageSize) : null });
    },
  };
  return { api, asked };
}

const signal = new AbortController().signal;

describe('loadStreamDetail', () => {
  it('uses the payload when it carries every event', async () => {
    const all = [event(1, 7, 10), event(2, 8, 20), event(3, 7, 30)];
    const { api, asked } = source(stream(2), incident(all, true), all, 2);
    const data = await loadStreamDetail(api, 1, 7, signal, () => undefined);
    expect(data.summary).toMatchObject({ count: 2, startMicros: 10, endMicros: 35 });
    expect(asked).toEqual([]);
  });

  it('pages through a large incident with progress, and stops once every event of the stream is seen', async () => {
    const all = [
      event(1, 7, 10),
      event(2, 8, 20),
      event(3, 8, 30),
      event(4, 7, 40),
      event(5, 8, 50),
      event(6, 8, 60),
      event(7, 8, 70),
    ];
    const { api, asked } = source(stream(2), incident(all, false, 7), all, 2);
    const scans: number[] = [];
    const data = await loadStreamDetail(api, 1, 7, signal, (scanned, total) => {
      expect(total).toBe(7);
      scans.push(scanned);
    });
    expect(data.summary).toMatchObject({ count: 2, startMicros: 10, endMicros: 45 });
    expect(data.summary.first.map((e) => e.id)).toEqual([1, 4]);
    // The stream's 2 events were in the first two pages: the last two pages were never asked for.
    expect(asked).toEqual([null, '2']);
    expect(scans).toEqual([2, 4]);
  });

  it('reads to the end when the stream has fewer events than it says (none left to find)', async () => {
    const all = [event(1, 8, 10), event(2, 8, 20), event(3, 8, 30)];
    const { api, asked } = source(stream(1), incident(all, false), all, 2);
    const data = await loadStreamDetail(api, 1, 7, signal, () => undefined);
    expect(data.summary.count).toBe(0);
    expect(asked).toEqual([null, '2']);
  });

  it('refuses a stream of another incident (a URL edited by hand)', async () => {
    const { api } = source(stream(0, 2), incident([], true), [], 2);
    await expect(loadStreamDetail(api, 1, 7, signal, () => undefined)).rejects.toThrow(
      'stream 7 belongs to another incident (2)',
    );
  });
});
