/*
 * The swimlane's last settled frame per incident (its pixels as a PNG, its HTML labels and where it
 * sat), shown in place on a reopen while the live frame is prepared (features/swimlane). Its own
 * IndexedDB database, read with IndexedDB itself: start-copy-read.ts starts the read as the app starts,
 * without Dexie. One record per incident, removed with the incident's mirror (remove-incident.ts).
 */
import { MIRROR_DATABASE_NAME } from './mirror-database-name.ts';
import { mirrorRevisionOf, type EarlyFrameInputs, type MirrorRevision } from './swimlane-frame-key.ts';

const DATABASE = 'churchkey-swimlane-frames';
const STORE = 'frames';

/** One HTML label over the canvas, as the renderer placed it. */
interface SwimlaneFrameLabel {
  className: string;
  text: string;
  transform: string;
  color: string;
  maxWidth: string;
}

export interface SwimlaneFrameRecord {
  incidentID: number;
  /** swimlaneFrameKey of what the frame was drawn from. */
  key: string;
  png: Blob;
  labels: SwimlaneFrameLabel[];
  /** The swimlane's label (role application) when it was drawn: the event count it shows. */
  ariaLabel: string;
  events: number;
  /** The canvas within the swimlane's section, CSS px, and the section's own size. */
  leftPx: number;
  topPx: number;
  widthPx: number;
  heightPx: number;
  sectionWidthPx: number;
  sectionHeightPx: number;
  /**
   * For the picture painted as the app starts (app/swimlane-early-picture.ts): the raw inputs it was
   * drawn from and the canvas's box in the window (CSS px, the page not scrolled). Absent: not painted early.
   */
  early?: { inputs: EarlyFrameInputs; leftPx: number; topPx: number };
}

function openFrames(): Promise<IDBDatabase | undefined> {
  return new Promise((resolve) => {
    if (typeof indexedDB === 'undefined') return resolve(undefined);
    const open = indexedDB.open(DATABASE, 1);
    open.onupgradeneeded = () => open.result.createObjectStore(STORE, { keyPath: 'incidentID' });
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => resolve(undefined);
    open.onblocked = () => resolve(undefined);
  });
}

function request<T>(made: (store: IDBObjectStore) => IDBRequest<T>, mode: IDBTransactionMode): Promise<T | undefined> {
  return openFrames().then(
    (db) =>
      new Promise<T | undefined>((resolve) => {
        if (!db) return resolve(undefined);
        try {
          const transaction = db.transaction(STORE, mode);
          const asked = made(transaction.objectStore(STORE));
          transaction.oncomplete = () => resolve(asked.result);
          transaction.onerror = () => resolve(undefined);
          transaction.onabort = () => resolve(undefined);
        } catch {
          resolve(undefined);
        }
        db.onversionchange = () => db.close();
      }).finally(() => db?.close()),
  );
}

/** The mirror's events of the incident as mirrorRevisionOf says (read without Dexie, as copy-check-read.ts). */
export function readMirrorRevision(incidentID: number): Promise<MirrorRevision | undefined> {
  return new Promise((resolve) => {
    if (typeof indexedDB === 'undefined') return resolve(undefined);
    const open = indexedDB.open(MIRROR_DATABASE_NAME);
    // No mirror yet: never made here (the app's Dexie makes it with its schema).
    open.onupgradeneeded = () => open.transaction?.abort();
    open.onerror = () => resolve(undefined);
    open.onsuccess = () => {
      const db = open.result;
      db.onversionchange = () => db.close();
      try {
        const transaction = db.transaction(['syncState', 'events'], 'readonly');
        const state = transaction.objectStore('syncState').get(incidentID);
        const optimistic = transaction.objectStore('events').getAll(IDBKeyRange.upperBound(0, true));
        transaction.oncomplete = () => {
          db.close();
          resolve(mirrorRevisionOf(state.result, optimistic.result, incidentID));
        };
        transaction.onerror = () => resolve(undefined);
        transaction.onabort = () => {
          db.close();
          resolve(undefined);
        };
      } catch {
        db.close();
        resolve(undefined);
      }
    };
  });
}

export const putSwimlaneFrame = (record: SwimlaneFrameRecord): Promise<unknown> =>
  request((store) => store.put(record), 'readwrite');

export const deleteSwimlaneFrame = (incidentID: number): Promise<unknown> =>
  request((store) => store.delete(incidentID), 'readwrite');

/** Reads the incident's kept frame (swimlane-frame-restore.ts reads the mirror's revision beside it). */
export const readSwimlaneFrame = (incidentID: number): Promise<SwimlaneFrameRecord | undefined> =>
  request<SwimlaneFrameRecord>((store) => store.get(incidentID) as IDBRequest<SwimlaneFrameRecord>, 'readonly');
