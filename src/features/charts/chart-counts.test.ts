import { describe, expect, it } from 'vitest';
import { actorsShown, binByActor, countByActorAndStream } from './chart-counts.ts';

const actors = [
  { id: 1, name: 'Priya', isBot: false },
  { id: 2, name: 'alertmanager', isBot: true },
];
const events = [
  { actorID: 1, streamID: 10, isMarker: false, startTimestamp: 0 },
  { actorID: 1, streamID: 11, isMarker: false, startTimestamp: 50 },
  { actorID: 2, streamID: 10, isMarker: false, startTimestamp: 99 },
  { actorID: 0, streamID: 12, isMarker: true, startTimestamp: 10 },
  { actorID: 1, streamID: 10, isMarker: false, startTimestamp: 100 },
];

describe('chart counts', () => {
  it('counts shown events per actor and stream, markers left out', () => {
    const all = Uint32Array.from([0, 1, 2, 3]);
    const result = countByActorAndStream(events, all, actors, [10, 11]);
    expect(result.counts).toEqual([
      [1, 1],
      [1, 0],
    ]);
    expect(result.totals).toEqual([2, 1]);
  });

  it('leaves bots out unless they are shown', () => {
    expect(actorsShown(actors, false).map((actor) => actor.id)).toEqual([1]);
    expect(actorsShown(actors, true)).toHaveLength(2);
  });

  it('bins each actor over time, the last instant in the last bin', () => {
    const grid = binByActor(events, Uint32Array.from([0, 1, 2, 4]), actors, 0, 100, 4);
    expect([...grid]).toEqual([1, 0, 1, 1, 0, 0, 0, 1]);
  });
});
