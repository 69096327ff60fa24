/* The process entry: configuration, database and migrations, first account, then listen. */
import { buildApp } from './app.ts';
import { ensureAdminAccount } from './bootstrap.ts';
import { loadConfig } from './config.ts';
import { loadDemoData } from './demo/demo-data.ts';
import { openDatabase } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { blobTempDir } from './repositories/blob-repository.ts';
import { deleteExpiredSessions } from './repositories/sessions-repository.ts';
import { sweepAbandonedSpools, sweepAbandonedStaging } from './repositories/spool-sweep.ts';
import { compactTombstones } from './repositories/changes-repository.ts';
import { sweepAbandonedImports } from './import/hidden-import.ts';
import { sweepGenerations } from './import/reimport-cleanup.ts';
import { sweepPendingUploads } from './repositories/pending-blob.ts';
import { nowMicros } from './time.ts';
import { serverVersion } from './version.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const applied = await migrate(db);
  // Files a killed process was receiving or importing when it stopped.
  await sweepAbandonedSpools(blobTempDir(config));
  await sweepAbandonedStaging(db);
  await sweepAbandonedImports(db, nowMicros());
  await sweepGenerations(db);
  await sweepPendingUploads(db);
  // Deleted events' tombstones are kept two weeks; a device away longer syncs in full.
  await compactTombstones(db);
  const version = serverVersion(config.version);
  const app = await buildApp({ db, config, version }, { logger: true });
  const first = await ensureAdminAccount(db, config);
  const demo = config.demoData ? await loadDemoData(db) : undefined;
  await app.listen({ port: config.port, host: config.host });

  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const address = config.publicUrl ?? `http://${shownHost}:${(app.server.address() as { port: number }).port}`;
  const store = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  const lines = [
    '',
    `Churchkey ${version.slice(0, 7)} is running: ${address}`,
    `  database: ${store}${applied.length ? `, migrations applied: ${applied.join(', ')}` : ''}`,
    `  sign-in: ${config.authMode === 'oidc' ? `OpenID Connect at ${config.oidc?.issuer}` : 'local accounts'}`,
  ];
  if (first) {
    lines.push(`  first start: the account "${first.username}" was created.`);
    if (first.generatedPassword) lines.push(`    password (shown once): ${first.generatedPassword}`);
    lines.push(`    one-time sign-in link (24 hours): ${address}${first.linkPath}`);
  }
  if (demo) {
    lines.push(
      `  demo data: loaded "${demo.organizationName}" (${demo.incidentIds.length} incidents, ${demo.eventCount} events); administrators see it`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);

  const sweep = setInterval(() => void deleteExpiredSessions(db).catch(() => {}), 3_600_000);
  sweep.unref();
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: closing`);
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  process.stderr.write(`Churchkey could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
