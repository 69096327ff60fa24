/*
 * The one query layer: the same parameterised SQL runs on embedded PGlite (default) and on a
 * PostgreSQL server (DATABASE_URL). Rows come back with int8 as JS numbers on both, since every
 * timestamp is a count of microseconds (< 2^53 until the year 2255).
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFromStdin } from 'pg-copy-streams';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';

type Row = Record<string, unknown>;

export interface Queryable {
  query<T = Row>(text: string, params?: readonly unknown[]): Promise<T[]>;
  /** Runs a script of several statements with no parameters (migrations). */
  exec(script: string): Promise<void>;
}

/** A transaction also takes bulk rows: COPY is 2.5-4x faster than multi-row INSERT (PLATFORM.md). */
export interface DbTransaction extends Queryable {
  /**
   * Runs `COPY table (columns) FROM STDIN` with `data` in COPY text format (tab-separated,
   * newline-terminated rows, `\N` for NULL, backslash escapes). Write the statement with FROM STDIN;
   * on PGlite it becomes FROM '/dev/blob'. Bytes for `WITH (FORMAT binary)`.
   */
  copyFrom(copySql: string, data: string | Uint8Array): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction: everything it wrote lands, or nothing does. */
  transaction<T>(fn: (tx: DbTransaction) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

const INT8_OID = 20;
const parseInt8 = (value: string): number => Number(value);

/**
 * `template`: a data directory made by PGlite's dumpDataDir, loaded instead of running initdb (the
 * tests load a migrated one: initdb alone takes 3-6 s).
 */
export async function openPglite(dataDir: string | undefined, template?: Blob): Promise<Db> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const lite = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(template ? { loadDataDir: template } : {}),
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
    transaction<T>(fn: (tx: DbTransaction) => Promise<T>) {
      return lite.transaction(async (tx) =>
        fn({
          async query<R>(text: string, params: readonly unknown[] = []) {
            return (await tx.query(text, params as unknown[])).rows as R[];
          },
          async exec(script: string) {
            await tx.exec(script);
          },
          async copyFrom(copySql: string, data: string | Uint8Array) {
            // NOTE: PGlite has no COPY protocol; it reads the rows from a Blob at the path /dev/blob.
            // The bytes are never a SharedArrayBuffer's (a file read or a built string), which DOM's Blob typing rules out.
            const part = data as string | Uint8Array<ArrayBuffer>;
            await tx.query(copySql.replace(/\bFROM\s+STDIN\b/i, "FROM '/dev/blob'"), [], { blob: new Blob([part]) });
          },
        }),
      );
    },
    async close() {
      await lite.close();
    },
  };
}

/**
 * How this process's connections name themselves to PostgreSQL (pg_stat_activity.application_name):
 * a start-up sweep tells a killed server's unfinished import from a live one's (import/hidden-import.ts).
 */
export const CONNECTION_TAG = `churchkey ${process.pid} ${randomUUID().slice(0, 8)}`;

/** Connections each server process opens to PostgreSQL at most. */
export const POSTGRES_POOL_SIZE = 10;

export function openPostgres(connectionString: string, maxConnections = POSTGRES_POOL_SIZE): Db {
  const pool = new pg.Pool({
    connectionString,
    max: maxConnections,
    application_name: CONNECTION_TAG,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID ? parseInt8 : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // NOTE: an idle client's error (server restart) would otherwise crash the process.
  pool.on('error', () => {});
  // When this process dies (SIGKILL, crash), PostgreSQL notices the lost client only at its next read, so
  // a long statement (the search rebuild) ran on to its end holding its locks; this checks every second
  // (PostgreSQL 14+ on Linux; older servers refuse the setting, which changes nothing else).
  const checked = new WeakSet<pg.PoolClient>();
  const checkOut = async () => {
    const client = await pool.connect();
    if (!checked.has(client)) {
      checked.add(client);
      await client.query('SET client_connection_check_interval = 1000').catch(() => {});
    }
    return client;
  };
  // Like pool.query: a client whose statement failed is dropped, not reused.
  const withClient = async <T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> => {
    const client = await checkOut();
    try {
      const value = await work(client);
      client.release();
      return value;
    } catch (error) {
      client.release(error as Error);
      throw error;
    }
  };
  return {
    kind: 'postgres',
    async query<T>(text: string, params: readonly unknown[] = []) {
      return withClient(async (client) => (await client.query(text, params as unknown[])).rows as T[]);
    },
    async exec(script: string) {
      await withClient((client) => client.query(script));
    },
    async transaction<T>(fn: (tx: DbTransaction) => Promise<T>) {
      const client = await checkOut();
      try {
        await client.query('BEGIN');
        const value = await fn({
          async query<R>(text: string, params: readonly unknown[] = []) {
            return (await client.query(text, params as unknown[])).rows as R[];
          },
          async exec(script: string) {
            await client.query(script);
          },
          async copyFrom(copySql: string, data: string | Uint8Array) {
            await pipeline(Readable.from([data]), client.query(copyFromStdin(copySql)));
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
