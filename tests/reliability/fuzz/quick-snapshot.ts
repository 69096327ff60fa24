/*
 * The fuzzer must show, for each of thousands of refused requests, that no stored row changed.
 * Two parts make that affordable and still strict:
 * - a fingerprint like support/table-snapshot.ts's, taken in ONE query with no sort: per table its
 *   row count and the sum of a 60-bit md5 of each whole row (order-free), bytea columns hashed first
 *   so a blob's bytes are not turned into hex text each time; it compares with changedTables;
 * - write counters: a row trigger on every table (and a TRUNCATE trigger) adds one to that table's
 *   counter in the same transaction, so a write that committed moves it and one rolled back does not.
 *   After each request the counters are read; the tables whose counter moved are fingerprinted again
 *   and compared with their last fingerprint. A refused request that moved no counter wrote nothing.
 */
import type { Db } from '../../../server/db/database.ts';
import { CHANGE_NUMBERS, changedTables, type TableSnapshot } from '../support/table-snapshot.ts';

const COUNTER_TABLE = 'fuzz_write_counter';

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Per table, the query fragment giving its name, row count and order-free digest. */
export async function fingerprintFragments(db: Db, ignore: readonly string[]): Promise<Map<string, string>> {
  const columns = await db.query<{ table_name: string; column_name: string; data_type: string }>(
    `SELECT c.table_name, c.column_name, c.data_type FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE' ORDER BY c.table_name, c.ordinal_position`,
  );
  const byTable = new Map<string, string[]>();
  for (const { table_name: table, column_name: column, data_type: type } of columns) {
    if (ignore.includes(table) || CHANGE_NUMBERS[table]?.includes(column)) continue;
    const expression = type === 'bytea' ? `md5(t.${quote(column)})` : `t.${quote(column)}`;
    byTable.set(table, [...(byTable.get(table) ?? []), expression]);
  }
  return new Map(
    [...byTable.entries()].map(([table, expressions]) => [
      table,
      `SELECT '${table.replaceAll("'", "''")}' AS name, count(*)::int AS rows, ` +
        `coalesce(sum(('x' || substr(md5(ROW(${expressions.join(', ')})::text), 1, 15))::bit(60)::bigint), 0)::text AS digest FROM ${quote(table)} t`,
    ]),
  );
}

/** Fingerprints of the tables asked for (all when none named), in one query. */
export async function quickSnapshotter(
  db: Db,
  ignore: readonly string[],
): Promise<(tables?: readonly string[]) => Promise<TableSnapshot>> {
  const fragments = await fingerprintFragments(db, ignore);
  const all = [...fragments.values()].join('\nUNION ALL\n');
  return async (tables) => {
    const sql = tables
      ? tables
          .map((table) => fragments.get(table))
          .filter((f) => f !== undefined)
          .join('\nUNION ALL\n')
      : all;
    if (sql === '') return new Map();
    const rows = await db.query<{ name: string; rows: number; digest: string }>(sql);
    return new Map(rows.map((row) => [row.name, { rows: row.rows, digest: row.digest }]));
  };
}

export interface WriteCheck {
  /** A committed write touched a watched table since the last check. */
  wrote: boolean;
  /** The tables whose rows differ from the last check (empty when nothing was written). */
  changed: string[];
}

/** Installs the write counters (tests only: a scratch database) and takes the first fingerprint. */
export async function watchWrites(
  db: Db,
  ignore: readonly string[],
): Promise<{ check(): Promise<WriteCheck>; fingerprint(): Promise<TableSnapshot> }> {
  const tables = (
    await db.query<{ name: string }>(
      `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
    )
  )
    .map(({ name }) => name)
    .filter((name) => !ignore.includes(name));
  const literal = (name: string) => `'${name.replaceAll("'", "''")}'`;
  await db.exec(`
    CREATE TABLE ${COUNTER_TABLE} (name text PRIMARY KEY, n bigint NOT NULL);
    INSERT INTO ${COUNTER_TABLE} VALUES ${tables.map((name) => `(${literal(name)}, 0)`).join(', ')};
    CREATE FUNCTION fuzz_count_write() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN UPDATE ${COUNTER_TABLE} SET n = n + 1 WHERE name = TG_TABLE_NAME; RETURN NULL; END $$;
    ${tables
      .map(
        (name) =>
          `CREATE TRIGGER fuzz_count_rows AFTER INSERT OR UPDATE OR DELETE ON ${quote(name)} FOR EACH ROW EXECUTE FUNCTION fuzz_count_write();
           CREATE TRIGGER fuzz_count_truncate AFTER TRUNCATE ON ${quote(name)} FOR EACH STATEMENT EXECUTE FUNCTION fuzz_count_write();`,
      )
      .join('\n')}
  `);
  const fingerprint = await quickSnapshotter(db, [...ignore, COUNTER_TABLE]);
  const counts = async () =>
    new Map(
      (await db.query<{ name: string; n: string | number }>(`SELECT name, n FROM ${COUNTER_TABLE}`)).map((r) => [
        r.name,
        Number(r.n),
      ]),
    );
  let lastCounts = await counts();
  const last = await fingerprint();
  return {
    fingerprint: () => fingerprint(),
    async check() {
      const now = await counts();
      const moved = tables.filter((name) => now.get(name) !== lastCounts.get(name));
      lastCounts = now;
      if (moved.length === 0) return { wrote: false, changed: [] };
      // Only the tables written to can differ: fingerprint those, compare, keep them as the new baseline.
      const snapshot = await fingerprint(moved);
      const before = new Map(moved.map((name) => [name, last.get(name)!]));
      const changed = changedTables(before, snapshot);
      for (const [name, value] of snapshot) last.set(name, value);
      return { wrote: true, changed };
    },
  };
}
