/*
 * The one decision every annotation write makes: with the network, send it now; without, queue it in
 * the outbox (src/data/outbox) and answer the queued write's id. An item the write names but this
 * device does not hold cannot be queued, and says so in the analyst's words.
 */

/** What a write queued offline answers: the outbox entry's id. */
export interface QueuedWrite {
  queued: string;
}

/** True when the browser says there is no network (the outbox then takes the write). */
export function isOffline(): boolean {
  return typeof navigator !== 'undefined' && !navigator.onLine;
}

/** Sends `online()` with the network; otherwise queues `offline()` and answers its outbox id. */
export async function onlineOrQueued<T>(online: () => Promise<T>, offline: () => Promise<string>): Promise<T | QueuedWrite> {
  if (!isOffline()) return online();
  return { queued: await offline() };
}

/** The incident an item belongs to, as the mirror knows it; refused when the item is not on this device. */
export async function incidentOnDevice(incidentID: Promise<number | undefined>, what: string): Promise<number> {
  const id = await incidentID;
  if (id === undefined) throw new Error(`This ${what} is not on this device, so it cannot be changed offline.`);
  return id;
}
