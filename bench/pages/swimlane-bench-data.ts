/*
 * Synthetic events for the swimlane benchmark: `count` events in time order over a day, spread
 * over the columns unevenly (a few busy actors, as in real incidents), a third with durations.
 * A fixed seed, so every renderer gets the same events.
 */
import type { SwimlaneEvent } from '../../src/render/swimlane/swimlane-input.ts';

export function syntheticSwimlaneEvents(count: number, columns: number): SwimlaneEvent[] {
  let seed = 42;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const from = 1_773_000_000_000_000;
  const dayMicros = 86_400_000_000;
  const events: SwimlaneEvent[] = new Array(count);
  for (let i = 0; i < count; i += 1) {
    const start = from + Math.floor((i / count) * dayMicros + random() * 1000);
    const actorID = 1 + Math.min(columns - 1, Math.floor(random() ** 2 * columns));
    const duration = random() < 0.33 ? Math.floor(random() * 20_000_000) : 0;
    events[i] = {
      id: i + 1,
      streamID: 1 + (actorID % 6),
      actorID,
      isMarker: false,
      message: '',
      startTimestamp: start,
      endTimestamp: start + duration,
    };
  }
  return events;
}
