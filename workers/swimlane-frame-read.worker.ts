/*
 * Reads a swimlane's kept frame (src/data/mirror/swimlane-frame-store.ts) as the app starts, decodes its PNG
 * and reads the mirror's revision beside it, then answers in one message, the bitmap transferred. On the
 * main thread each IndexedDB step waits behind the app's own start (its modules' evaluation, React's first
 * renders): traced in the reopen spec (bench/RESULTS.md, s21), the page's place for the frame was mounted
 * before those steps were done; here they run beside it (issue 20).
 */
import { readMirrorRevision, readSwimlaneFrame } from '../src/data/mirror/swimlane-frame-store.ts';
import type { FrameReadAnswer } from '../src/data/mirror/swimlane-frame-restore.ts';

self.onmessage = async ({ data: incidentID }: MessageEvent<number>) => {
  const decoded = readSwimlaneFrame(incidentID).then(async (record) =>
    record ? { record, bitmap: await createImageBitmap(record.png) } : undefined,
  );
  const [read, revision] = await Promise.all([decoded, readMirrorRevision(incidentID)]);
  const answer: FrameReadAnswer = { record: read?.record, bitmap: read?.bitmap, revision };
  self.postMessage(answer, read ? [read.bitmap] : []);
};
