/*
 * The map import's parser thread (started by geo-parse-off-thread.ts): parses the spooled file into
 * COPY text batches, some ahead of the server's thread, which only writes them; a batch is sent
 * once the server has taken an earlier one, so a slow database holds little here.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { ImportError } from '../../domain/import/import-error.ts';
import { geoCopyBatches, type GeoParseJob } from './geo-copy-batches.ts';
import type { GeoParseMessage } from './geo-parse-off-thread.ts';

/**
 * Batches sent and not yet taken by the server at most. A track's batch is one 64 KiB read (about 500
 * points) while a write takes thousands: with 2 ahead, parsing stopped during every write (PGlite's
 * 300,000-point import took 33 s against 9.7 s in one transaction); 64 is about 3 MB of COPY text.
 */
const AHEAD = 64;

async function parseAll(port: NonNullable<typeof parentPort>, job: GeoParseJob): Promise<void> {
  let credit = AHEAD;
  let resume: (() => void) | undefined;
  port.on('message', () => {
    credit += 1;
    resume?.();
  });
  const send = (message: GeoParseMessage) => port.postMessage(message);
  try {
    for await (const batch of geoCopyBatches(job)) {
      while (credit === 0) await new Promise<void>((resolve) => (resume = resolve));
      resume = undefined;
      credit -= 1;
      send({ type: 'batch', batch });
    }
    send({ type: 'done' });
  } catch (error) {
    const code = error instanceof ImportError ? error.code : undefined;
    send({ type: 'error', code, message: error instanceof Error ? error.message : String(error) });
  } finally {
    port.close();
  }
}

if (parentPort) await parseAll(parentPort, workerData as GeoParseJob);
