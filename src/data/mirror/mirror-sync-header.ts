/*
 * Sent on the mirror's own reads so the service worker passes them to the network, never answers them
 * from its cache: a sync that cannot reach the server must fail (status offline), not "succeed" with
 * an old answer and a new lastSyncedAt. Its own file: api-source.ts and map-points-mirror.ts both send
 * it, and one importing the other for it made an import cycle.
 */
export const MIRROR_SYNC = { 'x-churchkey-mirror-sync': '1' };
