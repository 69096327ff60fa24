/*
 * The start of a reopen's fast-copy read (event-numbers-copy.ts), kept apart so the app's first module can
 * import it without Dexie, React or the router: the worker is asked before the rest of the app's code
 * is fetched and parsed (about 200 ms on this machine), and the page takes its answer later.
 */
import type { CopyCheckRows } from './copy-check-read.ts';
import { MIRROR_DATABASE_NAME } from './mirror-database-name.ts';

export const EVENT_NUMBERS_DIRECTORY = 'churchkey-event-numbers';
export const eventNumbersFileName = (incidentID: number) => `incident-${incidentID}.bin`;

export const eventNumbersCopySupported = () =>
  typeof navigator !== 'undefined' && typeof navigator.storage?.getDirectory === 'function';

/** The copy's worker's answer: the file's bytes and the mirror's rows they are checked against. */
export interface CopyAtStart {
  buffer: ArrayBuffer | undefined;
  check: CopyCheckRows | undefined;
}

let atStart: { incidentID: number; answer: Promise<CopyAtStart> } | undefined;

/**
 * Starts reading the incident's copy in a worker as the app starts (workers/event-numbers-copy.worker.ts),
 * with what it is checked against: the main thread is busy loading the app meanwhile, and takes both in one
 * message. A second call for the same incident answers the read already started. Undefined where there is
 * no OPFS or no worker.
 */
export function startEventNumbersCopyRead(incidentID: number): Promise<CopyAtStart> | undefined {
  if (atStart?.incidentID === incidentID) return atStart.answer;
  if (!eventNumbersCopySupported() || typeof Worker !== 'function') return undefined;
  const worker = new Worker(new URL('../../../workers/event-numbers-copy.worker.ts', import.meta.url), {
    type: 'module',
    name: 'event-numbers-copy',
  });
  // Seen in a performance trace (and by bench/reopen-profile.ts): when the read starts, and its answer.
  const started = performance.now();
  const answer = new Promise<CopyAtStart>((resolve) => {
    worker.onmessage = (message: MessageEvent<{ buffer: ArrayBuffer | null; check: CopyCheckRows | null }>) => {
      performance.measure('churchkey: fast copy read in its worker, from its start', { start: started });
      resolve({ buffer: message.data.buffer ?? undefined, check: message.data.check ?? undefined });
    };
    worker.onerror = () => resolve({ buffer: undefined, check: undefined });
  }).finally(() => worker.terminate());
  worker.postMessage({
    directory: EVENT_NUMBERS_DIRECTORY,
    name: eventNumbersFileName(incidentID),
    database: MIRROR_DATABASE_NAME,
    incidentID,
  });
  atStart = { incidentID, answer };
  return answer;
}

/** The worker's answer was used by the app start's read: any later read reads the file again. */
export function dropCopyAtStart(answer: Promise<CopyAtStart>): void {
  if (atStart?.answer === answer) atStart = undefined;
}

/** The app start's read of the incident's copy, once; undefined when none was started for it. */
export function takeCopyAtStart(incidentID: number): Promise<CopyAtStart> | undefined {
  const started = atStart?.incidentID === incidentID ? atStart : undefined;
  if (started) atStart = undefined;
  return started?.answer;
}
