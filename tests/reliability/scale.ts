/*
 * The reliability suite runs at two sizes: the full one (`npm run test:reliability`, whose figures
 * go to bench/RESULTS.md) and a short one inside `npm test`, so CI proves every check still holds
 * without spending the full suite's time. Sizes are chosen here, never inside a test's assertion.
 */
export const FULL_SCALE = process.env['RELIABILITY_SCALE'] === 'full';

/** `full` in the full suite, `short` in the short form run by CI. */
export function scaled<T>(full: T, short: T): T {
  return FULL_SCALE ? full : short;
}
