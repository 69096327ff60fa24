/*
 * npm run import -- --incident ID FILE [--stream NAME] [--time-zone ZONE] [--analyst ID]
 * Opens the configured database (the server's environment: DATABASE_URL or DATA_DIR), migrates it,
 * and imports FILE exactly as POST /api/incident/{id}/import does (server/import/import-file.ts),
 * attributed to the primary analyst unless --analyst names another. The summary goes to stdout.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import { ImportError } from '../../domain/import/import-error.ts';
import { isKnownTimeZone } from '../../domain/time/time-zone-table.ts';
import { safeFileName } from '../../domain/upload-media.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { detectSettings, importFile } from '../import/import-file.ts';
import type { IncidentRef } from '../repositories/access-repository.ts';
import { blobTempDir, spoolBlob } from '../repositories/blob-repository.ts';
import { progressBar } from './progress-bar.ts';

const USAGE = `Usage: npm run import -- --incident ID FILE [--stream NAME] [--time-zone ZONE] [--analyst ID]
  --incident ID       the incident to import into
  FILE                TSV/CSV, HAR, Timesketch CSV or JSONL, JSON Lines, or a Slack export zip (detected)
  --stream NAME       the new stream's name (default: the file name; Slack: one stream per channel)
  --time-zone ZONE    for times written without an offset (default UTC)
  --analyst ID        who the import is attributed to (default: the primary analyst)
The database is the server's: DATABASE_URL when set, else PGlite in DATA_DIR (default ./data).`;

const id = (value: string, flag: string) => {
  if (!/^[1-9]\d{0,15}$/.test(value)) throw new Error(`--${flag} must be a positive whole number`);
  return Number(value);
};

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    options: {
      incident: { type: 'string' },
      stream: { type: 'string' },
      'time-zone': { type: 'string' },
      analyst: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    allowPositionals: true,
    strict: true,
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if (values.incident === undefined || positionals.length !== 1) throw new Error(`give --incident ID and one FILE\n${USAGE}`);
  const incidentId = id(values.incident, 'incident');
  const path = positionals[0]!;
  const timeZone = values['time-zone'] ?? 'UTC';
  if (!isKnownTimeZone(timeZone)) throw new Error(`--time-zone ${timeZone} is not a known time zone (an IANA name such as Europe/Helsinki)`);
  const streamName = values.stream?.trim();
  if (streamName !== undefined && (streamName.length === 0 || streamName.length > 200)) throw new Error('--stream must be 1 to 200 characters');
  const info = await stat(path).catch(() => undefined);
  if (!info?.isFile()) throw new Error(`${path}: no such file`);

  const started = performance.now();
  const config = loadConfig();
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(db);
    const [incident] = await db.query<IncidentRef>('SELECT id, organization_id, name FROM incidents WHERE id = $1', [incidentId]);
    if (!incident) throw new Error(`incident ${incidentId} not found in ${config.databaseUrl ? 'the PostgreSQL database (DATABASE_URL)' : `PGlite in ${config.dataDir}`}`);
    const [analyst] =
      values.analyst === undefined
        ? await db.query<{ id: number; name: string }>("SELECT id, name FROM analysts WHERE permission = 'admin' ORDER BY id LIMIT 1")
        : await db.query<{ id: number; name: string }>('SELECT id, name FROM analysts WHERE id = $1', [id(values.analyst, 'analyst')]);
    if (!analyst && values.analyst !== undefined) throw new Error(`analyst ${values.analyst} not found`);
    // A database the server never started on has no primary analyst yet: the import is then nobody's.
    if (!analyst) process.stderr.write('no primary analyst yet (the server creates one on its first start): the import is attributed to no analyst\n');

    const fileName = safeFileName(basename(path));
    const file = await spoolBlob(createReadStream(path), blobTempDir(config));
    try {
      const settings = await detectSettings(file.path, fileName, timeZone);
      process.stderr.write(`importing ${fileName} (${settings.format}, ${file.sizeBytes.toLocaleString('en-US')} bytes) into "${incident.name}" as ${analyst?.name ?? 'no analyst'}\n`);
      const bar = progressBar('bytes', file.sizeBytes);
      const result = await importFile(db, {
        incident: async () => incident,
        file,
        fileName,
        streamName,
        settings,
        attribution: { userID: null, analystID: analyst?.id ?? null },
        onProgress: (progress) => bar.update(progress.bytesRead),
      });
      const seconds = (performance.now() - started) / 1000;
      bar.finish(`${result.importedCount.toLocaleString('en-US')} events`);
      const lines = [
        `imported ${result.importedCount.toLocaleString('en-US')} events (${result.format}) in ${seconds.toFixed(1)} s, ${Math.round(result.importedCount / seconds).toLocaleString('en-US')}/s`,
        ...result.streams.map((stream) => `  stream ${stream.id} "${stream.name}": ${stream.eventCount.toLocaleString('en-US')} events`),
        `  source kept as upload ${result.uploadID}`,
        `invalid rows: ${result.invalidCount.toLocaleString('en-US')}`,
        ...result.invalid.map((row) => `  line ${row.line}: ${row.reason}`),
        ...(result.invalidNotListed > 0 ? [`  …and ${result.invalidNotListed.toLocaleString('en-US')} more`] : []),
      ];
      process.stdout.write(`${lines.join('\n')}\n`);
    } finally {
      await file.discard();
    }
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  const message = error instanceof ImportError ? `${error.message} (nothing was imported)` : error instanceof Error ? error.message : String(error);
  process.stderr.write(`import: ${message}\n`);
  process.exitCode = 1;
});
