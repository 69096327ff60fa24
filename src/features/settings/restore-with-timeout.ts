/**
 * Waits for a restore at most `timeoutMs` (spec: 5000 ms); past that the app starts with `fallback`
 * rather than hang on a storage that never answers. A failed restore also yields the fallback.
 */
export async function restoreWithTimeout<T>(
  restore: () => Promise<T>,
  fallback: T,
  timeoutMs: number,
): Promise<{ value: T; outcome: 'restored' | 'timed-out' | 'failed' }> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<{ value: T; outcome: 'timed-out' }>((resolve) => {
    timer = setTimeout(() => resolve({ value: fallback, outcome: 'timed-out' }), timeoutMs);
  });
  const restored = restore().then(
    (value) => ({ value, outcome: 'restored' as const }),
    (error: unknown) => {
      console.error('the stored configuration could not be restored', error);
      return { value: fallback, outcome: 'failed' as const };
    },
  );
  try {
    return await Promise.race([restored, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}
