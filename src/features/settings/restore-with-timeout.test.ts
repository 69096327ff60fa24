import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RESTORE_TIMEOUT_MS } from './persisted-root.ts';
import { restoreWithTimeout } from './restore-with-timeout.ts';

describe('restoreWithTimeout', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('gives what the restore gave when it answers in time', async () => {
    const result = restoreWithTimeout(async () => 'stored', 'fallback', RESTORE_TIMEOUT_MS);
    await expect(result).resolves.toEqual({ value: 'stored', outcome: 'restored' });
  });

  it('gives the fallback after 5000 ms when the restore never answers', async () => {
    expect(RESTORE_TIMEOUT_MS).toBe(5000);
    const result = restoreWithTimeout(() => new Promise<string>(() => {}), 'fallback', RESTORE_TIMEOUT_MS);
    let settled = false;
    void result.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(4999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toEqual({ value: 'fallback', outcome: 'timed-out' });
  });

  it('gives the fallback when the restore fails, and logs it', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const result = restoreWithTimeout(() => Promise.reject(new Error('broken')), 'fallback', RESTORE_TIMEOUT_MS);
    await expect(result).resolves.toEqual({ value: 'fallback', outcome: 'failed' });
    expect(log).toHaveBeenCalled();
  });
});
