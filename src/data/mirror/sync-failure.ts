/*
 * What a failed sync means for the mirror. Told apart by the errors' names and status (not by
 * instanceof) so this runs in unit tests without the browser's api client.
 */
import type { SyncStatusName } from './mirror-database.ts';

interface SyncFailure {
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
  // The server refuses before any lookup when the user may not act as the chosen analyst.
  if (status === 403) return { status: 'error', message: 'you may not act as the chosen analyst here. Choose your own analyst, or ask an administrator to grant you this one' };
  return { status: 'error', message };
}

/**
 * Why an incident answered 404, in the analyst's words. The server answers alike for deleted and
 * unreadable incidents (so their existence does not leak); a device that held the incident knows
 * its organization and asks whether the acting analyst may still read that.
 */
export function goneIncidentMessage(organization: { name: string; readable: boolean } | undefined): string {
  if (organization && !organization.readable) {
    const which = organization.name ? `the organization "${organization.name}"` : "this incident's organization";
    return `the analyst you act as is not a member of ${which}. Ask an administrator to add them to it, or act as an analyst who is a member`;
  }
  if (organization) return 'not found on the server: it was deleted, or moved to an organization out of reach';
  return 'not found on the server: it does not exist, or the analyst you act as is not a member of its organization. Ask an administrator to add them to that organization, or check the address';
}
