/*
 * A fingerprint of every table of the database: row count and an md5 of the rows in a stable order.
 * The fuzzing and access-matrix tests take one before a refused request and one after, to show that
 * nothing already stored changed. Tables whose rows are expected to change with any request (the
 * sessions' last-seen time, the sign-in throttle, the UI audit of a write that was allowed) are named
 * by the caller in `ignore`. An incident's change numbers are left out (CHANGE_NUMBERS).
 */
import type { Db } from '../../../server/db/database.ts';

/**
 * Columns that number changes rather than hold content. They move whenever anything of the incident is
 * written, even when undone (a refused import's kept source is stored, then deleted), and tell a device
 * only to ask what changed.
 */
export const CHANGE_NUMBERS: Readonly<Record<string, readonly string[]>> = {
  incidents: ['change_seq', 'payload_seq', 'events_revision'],
};

export type TableSnapshot = Map<string, { rows: number; digest: string }>;

export async function snapshotTables(db: Db, ignore: readonly string[] = []): Promise<TableSnapshot> {
  const tables = (
    await db.query<{ name: string }>(
      `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
    )
  )
    .map(({ name }) => name)
    .filter((name) => !ignore.includes(name));
  const snapshot: TableSnapshot = new Map();
  if (tables.length === 0) return snapshot;
  // NOTE: one statement for every table: a query per table made a snapshot ~7x slower on PGlite,
  // and the access matrix takes one around each of several hundred requests.
  const rows = await db.query<{ name: string; rows: number; digest: string | null }>(
    tables
      .map((name, index) => {
        const quoted = `"${name.replaceAll('"', '""')}"`;
        const row = (CHANGE_NUMBERS[name] ?? []).reduce((text, column) => `${text} - '${column}'`, 'to_jsonb(t)');
        return `SELECT $${index + 1}::text AS name, count(*)::int AS rows, md5(string_agg((${row})::text, '|' ORDER BY (${row})::text)) AS digest FROM ${quoted} t`;
      })
      .join(' UNION ALL '),
    tables,
  );
  for (const row of rows) snapshot.set(row.name, { rows: row.rows, digest: row.digest ?? '' });
  return snapshot;
}

/** The tables whose rows differ between two snapshots, described for an assertion message. */
export function changedTables(before: TableSnapshot, after: TableSnapshot): string[] {
  const changed: string[] = [];
  for (const [name, was] of before) {
    const now = after.get(name);
    if (!now) changed.push(`${name}: dropped`);
    else if (now.rows !== was.rows || now.digest !== was.digest)
      changed.push(`${name}: ${was.rows} → ${now.rows} rows${now.rows === was.rows ? ' (contents changed)' : ''}`);
  }
  for (const name of after.keys()) if (!before.has(name)) changed.push(`${name}: created`);
  return changed;
}
