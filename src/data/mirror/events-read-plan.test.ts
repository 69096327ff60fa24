import { describe, expect, it } from 'vitest';
import { PROGRESSIVE_READ_LIMIT, shouldReadEvents, type EventsRead, type EventsStamp } from './events-read-plan.ts';

const idle = (settled: string, optimistic = ''): EventsStamp => ({ syncing: false, eventsLoaded: 0, settled, optimistic });
const syncing = (eventsLoaded: number, settled = '', optimistic = ''): EventsStamp => ({ syncing: true, eventsLoaded, settled, optimistic });
const read = (stamp: EventsStamp, count: number, query = 'q'): EventsRead => ({ query, stamp, count });

describe('when the events are read again', () => {
  it('reads first, and again for another query', () => {
    expect(shouldReadEvents(undefined, 'q', idle('r1'))).toBe(true);
    expect(shouldReadEvents(read(idle('r1'), 10), 'other', idle('r1'))).toBe(true);
  });

  it('an incident opened again at the same revision is not read again; a new revision is', () => {
    const last = read(idle('r1'), 1_000_000);
    expect(shouldReadEvents(last, 'q', idle('r1'))).toBe(false);
    expect(shouldReadEvents(last, 'q', idle('r2'))).toBe(true);
  });

  it('a sync of a million events causes a handful of reads, not one per page', () => {
    let last: EventsRead | undefined;
    let reads = 0;
    for (let loaded = 10_000; loaded <= 1_000_000; loaded += 10_000) {
      const stamp = syncing(loaded);
      if (shouldReadEvents(last, 'q', stamp)) {
        reads += 1;
        last = read(stamp, loaded);
      }
    }
    const done = idle('r1');
    expect(shouldReadEvents(last, 'q', done)).toBe(true);
    reads += 1;
    // 10k, 20k, 40k, 80k, 160k, then the complete one.
    expect(reads).toBe(6);
    expect(last!.count).toBeGreaterThanOrEqual(PROGRESSIVE_READ_LIMIT);
  });

  it('a re-sync of an incident already read does not read while it runs, and reads when it ends', () => {
    const last = read(idle('r1'), 1_000_000);
    expect(shouldReadEvents(last, 'q', syncing(10_000))).toBe(false);
    expect(shouldReadEvents(last, 'q', syncing(990_000))).toBe(false);
    const during = read(syncing(10_000), 1_000_000);
    expect(shouldReadEvents(during, 'q', idle('r2'))).toBe(true);
  });

  it('an optimistic marker added or dropped is read at once, even mid-sync', () => {
    const last = read(syncing(500_000, '', ''), 1_000_000);
    expect(shouldReadEvents(last, 'q', syncing(510_000, '', '-1:5'))).toBe(true);
    expect(shouldReadEvents(read(idle('r1', '-1:5'), 3), 'q', idle('r1', ''))).toBe(true);
  });
});
