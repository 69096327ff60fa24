/*
 * Vitest's globalSetup: the migrated databases every server test file copies instead of making
 * its own. A new PGlite runs initdb (3-6 s of one core, 9-16 s under load) and the migrations; a
 * dump of a migrated one loads in under a second. PostgreSQL copies a migrated template database.
 * Each test file still gets a database of its own (tests/support/test-database.ts).
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../../server/db/database.ts';
import { migrate, migrationFiles } from '../../server/db/migrate.ts';
import { onServer } from '../../server/db/scratch-database.ts';
import { projectRoot } from '../../server/project-root.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data directory (dumpDataDir's tar), or '' to migrate a new one. */
    pgliteTemplate: string;
    /** A migrated database on TEST_DATABASE_URL's server to copy, or '' to migrate a new one. */
    postgresTemplate: string;
    /** A folder of this run's, where files of one test process tell the others what is done. */
    testRunDir: string;
  }
}

const root = projectRoot();
const templatesDir = join(root, '.tmp', 'test-templates');

/** The dump is kept across runs while the migrations and PGlite stay the same. */
function pgliteTemplateKey(): string {
  const hash = createHash('sha256');
  const pglitePackage = join(root, 'node_modules', '@electric-sql', 'pglite', 'package.json');
  hash.update(JSON.parse(readFileSync(pglitePackage, 'utf8')).version as string);
  for (const file of migrationFiles()) hash.update(`${file.name}\n${file.sql}\n`);
  return hash.digest('hex').slice(0, 16);
}

async function makePgliteTemplate(): Promise<string> {
  const path = join(templatesDir, `pglite-${pgliteTemplateKey()}.tar`);
  if (existsSync(path)) return path;
  const dataDir = join(templatesDir, `pglite-${randomBytes(6).toString('hex')}`);
  try {
    const db = await openPglite(dataDir);
    await migrate(db);
    await db.close();
    const lite = await PGlite.create({ dataDir });
    const dump = await lite.dumpDataDir('none');
    await lite.close();
    // Written aside and renamed, so a run beside this one never reads half a file.
    const part = `${path}.${process.pid}.part`;
    writeFileSync(part, new Uint8Array(await dump.arrayBuffer()));
    renameSync(part, path);
    return path;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A template of this run's (other runs share the server), dropped at the run's end. */
async function makePostgresTemplate(adminUrl: string): Promise<string> {
  const name = `churchkey_template_${randomBytes(6).toString('hex')}`;
  await onServer(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = openPostgres(url.href, 1);
  try {
    await migrate(db);
  } finally {
    // NOTE: CREATE DATABASE … TEMPLATE refuses a template anyone is connected to.
    await db.close();
  }
  return name;
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  mkdirSync(templatesDir, { recursive: true });
  const testRunDir = join(templatesDir, `run-${process.pid}-${randomBytes(4).toString('hex')}`);
  mkdirSync(testRunDir);
  const adminUrl = process.env.TEST_DATABASE_URL;
  const [pgliteTemplate, postgresTemplate] = await Promise.all([
    makePgliteTemplate(),
    adminUrl ? makePostgresTemplate(adminUrl) : '',
  ]);
  project.provide('pgliteTemplate', pgliteTemplate);
  project.provide('postgresTemplate', postgresTemplate);
  project.provide('testRunDir', testRunDir);
  return async () => {
    rmSync(testRunDir, { recursive: true, force: true });
    if (adminUrl && postgresTemplate) await onServer(adminUrl, `DROP DATABASE IF EXISTS ${postgresTemplate}`);
  };
}
