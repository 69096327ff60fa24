/** Names the pages and the service worker share for sending the outbox. */
export const OUTBOX_SYNC_TAG = 'churchkey-outbox';
export const OUTBOX_LOCK = 'churchkey-outbox';
