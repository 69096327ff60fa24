/*
 * The start of a reopen's fast-copy read (event-numbers-copy.ts), kept apart so the app's first module can
 * import it without Dexie, React or the router: the worker is asked before the rest of the app's code
 * is fetched and parsed (about 200 ms on this machine), and the page takes its answer later.
 */
import type { SwimlaneLayout } from '../../../domain/swimlane/swimlane-layout.ts';
import type { CopyCheckRows } from './copy-check-read.ts';
import { MIRROR_DATABASE_NAME } from './mirror-database-name.ts';
import { storedSwimlaneView, swimlaneViewKey } from './swimlane-view-store.ts';

export const EVENT_NUMBERS_DIRECTORY = 'churchkey-event-numbers';
export const eventNumbersFileName = (incidentID: number) => `incident-${incidentID}.bin`;

export const eventNumbersCopySupported = () =>
  typeof navigator !== 'undefined' && typeof navigator.storage?.getDirectory === 'function';

/** The copy's worker's answer: the file's bytes and the mirror's rows they are checked against. */
export interface CopyAtStart {
  buffer: ArrayBuffer | undefined;
  check: CopyCheckRows | undefined;
  /** The swimlane laid out from these bytes with the view last laid out here (its key), when it was. */
  layout?: { viewKey: string; laidOut: Promise<SwimlaneLayout | undefined> } | undefined;
}

interface CopyMessage {
  buffer?: ArrayBuffer | null;
  check?: CopyCheckRows | null;
  layoutFollows?: boolean;
  layout?: SwimlaneLayout | null;
}

let atStart: { incidentID: number; answer: Promise<CopyAtStart> } | undefined;

/**
 * Starts reading the incident's copy in a worker as the app starts (workers/event-numbers-copy.worker.ts),
 * with what it is checked against: the main thread is busy loading the app meanwhile, and takes both in one
 * message. On a swimlane's address (`swimlane`) with a view laid out here before, the worker then lays the
 * swimlane out from the same numbers while the page mounts. A second call for the same incident answers
 * the read already started. Undefined where there is no OPFS or no worker.
 */
export function startEventNumbersCopyRead(incidentID: number, swimlane = false): Promise<CopyAtStart> | undefined {
  if (atStart?.incidentID === incidentID) return atStart.answer;
  if (!eventNumbersCopySupported() || typeof Worker !== 'function') return undefined;
  const worker = new Worker(new URL('../../../workers/event-numbers-copy.worker.ts', import.meta.url), {
    type: 'module',
    name: 'event-numbers-copy',
  });
  const view = swimlane ? storedSwimlaneView(incidentID) : undefined;
  // Seen in a performance trace (and by bench/reopen-profile.ts): when the read starts, and its answer.
  const started = performance.now();
  let layoutDone: (layout: SwimlaneLayout | undefined) => void = () => undefined;
  const laidOut = new Promise<SwimlaneLayout | undefined>((resolve) => {
    layoutDone = resolve;
  });
  const answer = new Promise<CopyAtStart>((resolve) => {
    const end = (layout: SwimlaneLayout | undefined) => {
      layoutDone(layout);
      worker.terminate();
    };
    worker.onmessage = ({ data }: MessageEvent<CopyMessage>) => {
      if ('layout' in data) {
        const layout = data.layout ?? undefined;
        // Measured only when one was made (a copy of other chunks than the mirror's answers none).
        if (layout) {
          performance.measure("churchkey: swimlane laid out in the copy's worker, from its start", {
            start: started,
            detail: { events: layout.startMicros.length, workMillis: layout.workMillis },
          });
        }
        return end(layout);
      }
      performance.measure('churchkey: fast copy read in its worker, from its start', { start: started });
      const follows = data.layoutFollows === true && view !== undefined;
      resolve({
        buffer: data.buffer ?? undefined,
        check: data.check ?? undefined,
        layout: follows ? { viewKey: swimlaneViewKey(view), laidOut } : undefined,
      });
      if (!follows) end(undefined);
    };
    worker.onerror = () => {
      resolve({ buffer: undefined, check: undefined });
      end(undefined);
    };
  });
  worker.postMessage({
    directory: EVENT_NUMBERS_DIRECTORY,
    name: eventNumbersFileName(incidentID),
    database: MIRROR_DATABASE_NAME,
    incidentID,
    view,
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
