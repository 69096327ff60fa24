/*
 * What a long wait during an import was: a database wrapper that logs every statement and transaction
 * taking longer than a threshold (with its offset from the start), and a ticker that logs each time the
 * event loop was held longer than that (PGlite runs statements in the server's own thread).
 */
import type { Db, DbTransaction } from '../server/db/database.ts';

export interface SlowEntry {
  atSeconds: number;
  millis: number;
  what: string;
}

const label = (sql: string) => sql.replace(/\s+/g, ' ').trim().slice(0, 90);

export function watchSlow(
  db: Db,
  thresholdMillis: number,
): { db: Db; entries: SlowEntry[]; origin: number; stop: () => void } {
  const origin = performance.now();
  const entries: SlowEntry[] = [];
  const note = (started: number, what: string) => {
    const millis = performance.now() - started;
    if (millis >= thresholdMillis)
      entries.push({ atSeconds: Math.round((started - origin) / 100) / 10, millis: Math.round(millis), what });
  };
  const timed = async <T>(what: string, work: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    try {
      return await work();
    } finally {
      note(started, what);
    }
  };
  const wrapTx = (inner: DbTransaction, first: { sql: string }): DbTransaction => {
    const seen = (sql: string) => {
      if (first.sql === '') first.sql = label(sql).slice(0, 50);
      return `  in it: ${label(sql)}`;
    };
    return {
      query: (text, params) => timed(seen(text), () => inner.query(text, params)),
      exec: (script) => inner.exec(script),
      copyFrom: (sql, data) => timed(seen(sql), () => inner.copyFrom(sql, data)),
    };
  };
  let last = performance.now();
  const ticker = setInterval(() => {
    const now = performance.now();
    if (now - last - 50 >= thresholdMillis)
      entries.push({
        atSeconds: Math.round((last - origin) / 100) / 10,
        millis: Math.round(now - last - 50),
        what: 'event loop held',
      });
    last = now;
  }, 50);
  const wrapped: Db = {
    kind: db.kind,
    query: (text, params) => timed(label(text), () => db.query(text, params)),
    exec: (script) => db.exec(script),
    close: () => db.close(),
    transaction: async (fn) => {
      const started = performance.now();
      const firstStatement = { sql: '' };
      try {
        return await db.transaction((tx) => fn(wrapTx(tx, firstStatement)));
      } finally {
        note(started, `transaction beginning ${firstStatement.sql}`);
      }
    },
  };
  return { db: wrapped, entries, origin, stop: () => clearInterval(ticker) };
}
