import { describe, expect, it } from 'vitest';
import { organizationPictureEvents, UNLINKED_COLUMN_BASE } from './organization-picture-events.ts';

const row = (id: number, incidentID: number, actorID: number, startTimestamp: number, isMarker = false) => ({
  id,
  incidentID,
  streamID: 100 + incidentID,
  actorID,
  isMarker,
  message: `m${id}`,
  startTimestamp,
  endTimestamp: startTimestamp,
  extra: null,
});

describe('organizationPictureEvents', () => {
  const incidents = [
    { id: 2, name: 'Later' },
    { id: 1, name: 'Earlier' },
  ];
  const sources = {
    actors: [
      { id: 10, incidentID: 1, name: 'alice', isBot: false, organizationActorID: 7 },
      { id: 20, incidentID: 2, name: 'alice@laptop', isBot: false, organizationActorID: 7 },
      { id: 11, incidentID: 1, name: 'Pager', isBot: true, organizationActorID: null },
      { id: 21, incidentID: 2, name: 'pager', isBot: true, organizationActorID: null },
      { id: 22, incidentID: 2, name: 'idle', isBot: false, organizationActorID: null },
    ],
  };
  const made = organizationPictureEvents(
    sources,
    [row(1, 1, 10, 5), row(2, 2, 20, 6), row(3, 2, 21, 7), row(4, 1, 11, 8), row(5, 1, 0, 9), row(6, 2, 0, 10, true)],
    incidents,
    [{ id: 7, displayName: 'Alice', isBot: false }],
  );

  it("puts linked incident actors in their organization actor's column, unlinked ones by name", () => {
    expect(made.columns).toEqual([
      { id: 7, name: 'Alice', isBot: false },
      { id: UNLINKED_COLUMN_BASE + 11, name: 'Pager', isBot: true },
    ]);
    expect(made.events.map((event) => event.actorID)).toEqual([
      7,
      7,
      UNLINKED_COLUMN_BASE + 11,
      UNLINKED_COLUMN_BASE + 11,
      0,
      0,
    ]);
  });

  it('names and colours events by incident, oldest incident first, and counts events without an actor', () => {
    expect(made.events.map((event) => event.streamID)).toEqual([1, 2, 2, 1, 1, 2]);
    expect(made.groups).toEqual([
      { id: 1, name: 'Earlier', colorIndex: 0 },
      { id: 2, name: 'Later', colorIndex: 1 },
    ]);
    expect(made.withoutActor).toBe(1);
  });
});
