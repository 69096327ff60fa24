/*
 * The chosen time zone (spec section 4): kept in local storage, UTC by default, and accepted only
 * when the known zone table holds it (section 5), so a damaged or outdated value falls back to UTC.
 */
import { DEFAULT_TIME_ZONE, isKnownTimeZone } from '../../../domain/time/time-zone-table.ts';
import { readStoredTimeZone, writeStoredTimeZone } from '../../data/time-zone-storage.ts';

export function validTimeZone(name: string | undefined): string {
  return name !== undefined && isKnownTimeZone(name) ? name : DEFAULT_TIME_ZONE;
}

let timeZone: string | undefined;
const listeners = new Set<() => void>();

export function getTimeZone(): string {
  timeZone ??= validTimeZone(readStoredTimeZone());
  return timeZone;
}

export function subscribeTimeZone(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Keeps `name` as the time zone; returns false (and changes nothing) for a zone the table lacks. */
export function setTimeZone(name: string): boolean {
  if (!isKnownTimeZone(name)) return false;
  timeZone = name;
  writeStoredTimeZone(name);
  for (const listener of listeners) listener();
  return true;
}
