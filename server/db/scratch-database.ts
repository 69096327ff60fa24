/*
 * A throwaway database on a PostgreSQL server, migrated, for tests and benchmarks that must not
 * touch real data: made under a random name beside the one adminUrl names, dropped afterwards.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPostgres, type Db } from './database.ts';
import { migrate } from './migrate.ts';

interface ScratchDatabase {
  db: Db;
  url: string;
  drop(): Promise<void>;
}

/** One statement on the server itself (CREATE/DROP DATABASE cannot run in another database's session). */
export async function onServer(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** `template`: a database on that server to copy (CREATE DATABASE … TEMPLATE), already migrated. */
export async function createScratchDatabase(
  adminUrl: string,
  prefix: string,
  template?: string,
): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await onServer(adminUrl, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = openPostgres(url.href);
  await migrate(db);
  return {
    db,
    url: url.href,
    async drop() {
      await db.close();
      await onServer(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
