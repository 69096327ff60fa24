/*
 * What a failed sync means for the mirror. Told apart by the errors' names and status (not by
 * instanceof) so this runs in unit tests without the browser's api client.
 */
import type { SyncStatusName } from './mirror-database.ts';

export interface SyncFailure {
  status: Exclude<SyncStatusName, 'syncing'> | 'gone';
  message: string;
}

export function syncFailure(error: unknown): SyncFailure {
  const message = error instanceof Error ? error.message : String(error);
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'AbortError') return { status: 'idle', message };
  if (name === 'NetworkError') return { status: 'offline', message };
  const status = typeof error === 'object' && error !== null && 'status' in error ? (error as { status: unknown }).status : undefined;
  if (status === 404) return { status: 'gone', message: 'not found on the server (deleted, or no longer readable)' };
  return { status: 'error', message };
}
