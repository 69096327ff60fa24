/*
 * Touch through the DevTools protocol (Input.dispatchTouchEvent), so two fingers can move at once:
 * Playwright's own touchscreen taps with one. Shared by the tablet specs, with the tablets they hold.
 */
import type { CDPSession } from '@playwright/test';
import { test } from './fixtures.ts';

export type Finger = { x: number; y: number; id: number };

export async function touch(
  cdp: CDPSession,
  type: 'touchStart' | 'touchMove' | 'touchEnd',
  fingers: Finger[],
): Promise<void> {
  await cdp.send('Input.dispatchTouchEvent', {
    type,
    touchPoints: fingers.map((finger) => ({ x: finger.x, y: finger.y, id: finger.id })),
  });
}

/** Moves fingers from their start to their end in steps, as a hand would. */
export async function slide(cdp: CDPSession, from: Finger[], to: Finger[], steps = 8): Promise<void> {
  await touch(cdp, 'touchStart', from);
  for (let step = 1; step <= steps; step += 1) {
    await touch(
      cdp,
      'touchMove',
      from.map((finger, index) => {
        const end = to[index] as Finger;
        return {
          id: finger.id,
          x: finger.x + ((end.x - finger.x) * step) / steps,
          y: finger.y + ((end.y - finger.y) * step) / steps,
        };
      }),
    );
  }
  await touch(cdp, 'touchEnd', []);
}

/** One finger down and up at a point. */
export async function tap(cdp: CDPSession, point: { x: number; y: number }): Promise<void> {
  await touch(cdp, 'touchStart', [{ ...point, id: 9 }]);
  await touch(cdp, 'touchEnd', []);
}

export interface Tablet {
  name: string;
  width: number;
  height: number;
  isMobile: boolean;
}

/** Declares `body`'s tests once per tablet the touch specs hold: upright and on its side. */
export function onEachTablet(body: (size: Tablet) => void): void {
  for (const size of [
    { name: 'upright', width: 768, height: 1024, isMobile: true },
    { name: 'on its side', width: 1024, height: 768, isMobile: false },
  ]) {
    test.describe(`a ${size.width} x ${size.height} tablet ${size.name}`, () => {
      test.use({ viewport: { width: size.width, height: size.height }, hasTouch: true, isMobile: size.isMobile });
      body(size);
    });
  }
}
