/*
 * Applies server/migrations/NNN_name.sql in order, each in its own transaction, once. An advisory
 * lock makes concurrent starts against one PostgreSQL server take turns instead of racing.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from './database.ts';
import { projectRoot } from '../project-root.ts';

const MIGRATION_LOCK = 7_270_011;

export function migrationFiles(dir = join(projectRoot(), 'server', 'migrations')) {
  return readdirSync(dir)
    .filter((name) => /^\d{3}_[a-z0-9_]+\.sql$/.test(name))
    .sort()
    .map((name) => ({ name, sql: readFileSync(join(dir, name), 'utf8') }));
}

export async function migrate(db: Db): Promise<string[]> {
  const applied: string[] = [];
  for (const file of migrationFiles()) {
    await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      await tx.query(
        'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_micros bigint NOT NULL)',
      );
      const done = await tx.query('SELECT 1 FROM schema_migrations WHERE name = $1', [file.name]);
      if (done.length > 0) return;
      await tx.exec(file.sql);
      await tx.query('INSERT INTO schema_migrations (name, applied_micros) VALUES ($1, $2)', [
        file.name,
        Date.now() * 1000,
      ]);
      applied.push(file.name);
    });
  }
  return applied;
}
