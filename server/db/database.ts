/*
 * The one query layer: the same parameterised SQL runs on embedded PGlite (default) and on a
 * PostgreSQL server (DATABASE_URL). Rows come back with int8 as JS numbers on both, since every
 * timestamp is a count of microseconds (< 2^53 until the year 2255).
 */
import { mkdirSync } from 'node:fs';
import pg from 'pg';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';

export type Row = Record<string, unknown>;

export interface Queryable {
  query<T = Row>(text: string, params?: readonly unknown[]): Promise<T[]>;
  /** Runs a script of several statements with no parameters (migrations). */
  exec(script: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction: everything it wrote lands, or nothing does. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

const INT8_OID = 20;
const parseInt8 = (value: string): number => Number(value);

export async function openPglite(dataDir: string | undefined): Promise<Db> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const lite = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    parsers: { [pgliteTypes.INT8]: parseInt8 },
  });
  return {
    kind: 'pglite',
    async query<T>(text: string, params: readonly unknown[] = []) {
      const result = await lite.query(text, params as unknown[]);
      return result.rows as T[];
    },
    async exec(script: string) {
      await lite.exec(script);
    },
    transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      return lite.transaction(async (tx) =>
        fn({
          async query<R>(text: string, params: readonly unknown[] = []) {
            return (await tx.query(text, params as unknown[])).rows as R[];
          },
          async exec(script: string) {
            await tx.exec(script);
          },
        }),
      );
    },
    async close() {
      await lite.close();
    },
  };
}

export function openPostgres(connectionString: string, maxConnections = 10): Db {
  const pool = new pg.Pool({
    connectionString,
    max: maxConnections,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID ? parseInt8 : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // NOTE: an idle client's error (server restart) would otherwise crash the process.
  pool.on('error', () => {});
  return {
    kind: 'postgres',
    async query<T>(text: string, params: readonly unknown[] = []) {
      const result = await pool.query(text, params as unknown[]);
      return result.rows as T[];
    },
    async exec(script: string) {
      await pool.query(script);
    },
    async transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const value = await fn({
          async query<R>(text: string, params: readonly unknown[] = []) {
            return (await client.query(text, params as unknown[])).rows as R[];
          },
          async exec(script: string) {
            await client.query(script);
          },
        });
        await client.query('COMMIT');
        return value;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
}

export async function openDatabase(options: { databaseUrl?: string; dataDir?: string }): Promise<Db> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir);
}
