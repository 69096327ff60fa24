import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstFrame, firstFrameDrawn, holdUntilFirstFrame } from './first-frame-hold.ts';

describe('work held until a picture’s first frame', () => {
  afterEach(() => {
    firstFrameDrawn();
    vi.useRealTimers();
  });

  it('runs at once when nothing holds it', () => {
    const work = vi.fn();
    afterFirstFrame(work);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('waits for the first frame, then runs once', () => {
    holdUntilFirstFrame();
    const work = vi.fn();
    afterFirstFrame(work);
    expect(work).not.toHaveBeenCalled();
    firstFrameDrawn();
    firstFrameDrawn();
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('waits for every hold (the app’s and the canvas’s), and a cancelled wait never runs', () => {
    const releaseApp = holdUntilFirstFrame();
    const releaseCanvas = holdUntilFirstFrame();
    const work = vi.fn();
    const cancelled = vi.fn();
    afterFirstFrame(work);
    afterFirstFrame(cancelled)();
    releaseApp();
    expect(work).not.toHaveBeenCalled();
    releaseCanvas();
    releaseCanvas();
    expect(work).toHaveBeenCalledTimes(1);
    expect(cancelled).not.toHaveBeenCalled();
  });

  it('lapses when no frame comes (a swimlane with nothing to draw)', () => {
    vi.useFakeTimers();
    holdUntilFirstFrame();
    const work = vi.fn();
    afterFirstFrame(work);
    vi.advanceTimersByTime(4_999);
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(work).toHaveBeenCalledTimes(1);
  });
});
