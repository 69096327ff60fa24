/*
 * Laid-out swimlanes kept on the device, one per incident, keyed by the fingerprint of the layout's
 * input (domain/swimlane/swimlane-input-key.ts): reopening an incident whose events, filters and
 * columns are unchanged reads its layout back instead of laying a million events out again. A cache
 * only: its own database, so losing it costs one layout and never touches the mirror or the outbox.
 */
import Dexie, { type Table } from 'dexie';
import type { SwimlaneLayout } from '../../domain/swimlane/swimlane-layout.ts';

export const LAYOUT_CACHE_DATABASE_NAME = 'churchkey-layout-cache';

/** Smaller inputs lay out faster than they read back: not worth the space. */
export const LAYOUT_CACHE_MIN_EVENTS = 50_000;

/** The key apart from the layout, so a stale entry costs one small read instead of megabytes. */
interface CachedKeyRow {
  incidentID: number;
  key: string;
}

interface CachedLayoutRow {
  incidentID: number;
  layout: SwimlaneLayout;
}

class LayoutCacheDatabase extends Dexie {
  keys!: Table<CachedKeyRow, number>;
  layouts!: Table<CachedLayoutRow, number>;
  constructor() {
    super(LAYOUT_CACHE_DATABASE_NAME);
    this.version(1).stores({ keys: 'incidentID', layouts: 'incidentID' });
  }
}

let shared: LayoutCacheDatabase | undefined;
const database = () => (shared ??= new LayoutCacheDatabase());

/** The incident's cached layout when it was laid out from input `key`; undefined otherwise or on any storage error. */
export async function readCachedLayout(incidentID: number, key: string): Promise<SwimlaneLayout | undefined> {
  try {
    const db = database();
    return await db.transaction('r', [db.keys, db.layouts], async () => {
      if ((await db.keys.get(incidentID))?.key !== key) return undefined;
      return (await db.layouts.get(incidentID))?.layout;
    });
  } catch {
    return undefined;
  }
}

/** Replaces the incident's cached layout; a failure (quota, private mode) only means no cache. */
export async function writeCachedLayout(incidentID: number, key: string, layout: SwimlaneLayout): Promise<void> {
  try {
    const db = database();
    await db.transaction('rw', [db.keys, db.layouts], async () => {
      await db.layouts.put({ incidentID, layout });
      await db.keys.put({ incidentID, key });
    });
  } catch (error) {
    console.warn(`the swimlane of incident ${incidentID} could not be kept on this device`, error);
  }
}

/** Forgets the incident's layout (the incident left this device). */
export async function forgetCachedLayout(incidentID: number): Promise<void> {
  try {
    const db = database();
    await db.transaction('rw', [db.keys, db.layouts], async () => {
      await db.keys.delete(incidentID);
      await db.layouts.delete(incidentID);
    });
  } catch {
    // Nothing kept, nothing to forget.
  }
}
