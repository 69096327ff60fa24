import { describe, expect, it } from 'vitest';
import { createFrameScheduler, frameLoop } from './frame-scheduler.ts';

/** A clock the test advances by hand: one browser frame per `tick()`. */
function handClock() {
  let waiting: Array<{ handle: number; run: (timeMs: number) => void }> = [];
  let next = 1;
  let asked = 0;
  return {
    clock: {
      request: (run: (timeMs: number) => void) => {
        asked += 1;
        waiting.push({ handle: next, run });
        return next++;
      },
      cancel: (handle: number) => {
        waiting = waiting.filter((entry) => entry.handle !== handle);
      },
    },
    tick(timeMs: number) {
      const due = waiting;
      waiting = [];
      for (const entry of due) entry.run(timeMs);
    },
    get browserFrames() {
      return asked;
    },
    get waiting() {
      return waiting.length;
    },
  };
}

describe('the frame scheduler', () => {
  it('runs every picture asking for a frame from one browser frame, in the order asked', () => {
    const hand = handClock();
    const scheduler = createFrameScheduler(hand.clock);
    const ran: string[] = [];
    scheduler.request(() => ran.push('swimlane'));
    scheduler.request(() => ran.push('timeline'));
    scheduler.request((timeMs) => ran.push(`globe at ${timeMs}`));
    expect(hand.browserFrames).toBe(1);
    hand.tick(16);
    expect(ran).toEqual(['swimlane', 'timeline', 'globe at 16']);
    expect(scheduler.pending).toBe(0);
  });

  it('gives work asked for during a frame the next frame, not the running one', () => {
    const hand = handClock();
    const scheduler = createFrameScheduler(hand.clock);
    const ran: number[] = [];
    const loop = (timeMs: number) => {
      ran.push(timeMs);
      if (ran.length < 3) scheduler.request(loop);
    };
    scheduler.request(loop);
    hand.tick(16);
    expect(ran).toEqual([16]);
    hand.tick(32);
    hand.tick(48);
    hand.tick(64);
    expect(ran).toEqual([16, 32, 48]);
    expect(hand.waiting).toBe(0);
  });

  it('drops a cancelled callback, and gives the browser frame back when nothing is left', () => {
    const hand = handClock();
    const scheduler = createFrameScheduler(hand.clock);
    const ran: string[] = [];
    const cancelFirst = scheduler.request(() => ran.push('first'));
    const cancelSecond = scheduler.request(() => ran.push('second'));
    cancelFirst();
    expect(hand.waiting).toBe(1);
    cancelSecond();
    expect(hand.waiting).toBe(0);
    hand.tick(16);
    expect(ran).toEqual([]);
    scheduler.request(() => ran.push('third'));
    hand.tick(32);
    cancelSecond();
    expect(ran).toEqual(['third']);
  });

  it('still runs the other callbacks of a frame when one throws', async () => {
    const hand = handClock();
    const scheduler = createFrameScheduler(hand.clock);
    const ran: string[] = [];
    const thrown = new Promise<unknown>((resolve) => process.once('uncaughtException', resolve));
    scheduler.request(() => {
      throw new Error('broken picture');
    });
    scheduler.request(() => ran.push('after'));
    hand.tick(16);
    expect(ran).toEqual(['after']);
    expect(await thrown).toMatchObject({ message: 'broken picture' });
  });

  it('runs a loop every frame until it says stop, or until cancelled', () => {
    const hand = handClock();
    const scheduler = createFrameScheduler(hand.clock);
    const ran: number[] = [];
    frameLoop((timeMs) => {
      ran.push(timeMs);
      return timeMs < 48;
    }, scheduler);
    for (const timeMs of [16, 32, 48, 64]) hand.tick(timeMs);
    expect(ran).toEqual([16, 32, 48]);
    const other: number[] = [];
    const cancel = frameLoop((timeMs) => other.push(timeMs) > 0, scheduler);
    hand.tick(80);
    cancel();
    hand.tick(96);
    expect(other).toEqual([80]);
    expect(scheduler.pending).toBe(0);
  });
});
