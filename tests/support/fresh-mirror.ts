/*
 * A device store of its own for each test, deleted after it, so tests that write the mirror or the
 * outbox share nothing. Call at the top of a test file (it registers the cleanup with vitest).
 */
import { afterEach } from 'vitest';
import { MirrorDatabase } from '../../src/data/mirror/mirror-database.ts';

export function freshMirrors(prefix: string): () => MirrorDatabase {
  const opened: MirrorDatabase[] = [];
  afterEach(async () => {
    for (const db of opened.splice(0)) await db.delete();
  });
  return () => {
    const db = new MirrorDatabase(`${prefix}-${opened.length}-${Date.now()}`);
    opened.push(db);
    return db;
  };
}
