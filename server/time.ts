/*
 * The server's clock in the unit every timestamp is stored in: microseconds since the Unix epoch.
 * Kept apart from auth/ because every write stamps a time, not only sign-in.
 */

export function nowMicros(): number {
  return Date.now() * 1000;
}
