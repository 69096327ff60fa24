/*
 * npm run import -- --incident ID FILE [--stream NAME] [--time-zone ZONE] [--analyst ID]
 * npm run import -- --stream ID [--resolution keep_unmatched|detach_unmatched] FILE
 * Opens the configured database (the server's environment: DATABASE_URL or DATA_DIR), migrates it,
 * and imports FILE exactly as POST /api/incident/{id}/import does (server/import/import-file.ts), or
 * re-imports it into an existing stream as POST /api/stream/{id}/import does, printing the merge
 * check first (server/import/reimport-stream.ts). Attributed to the primary analyst unless --analyst
 * names another. The summary goes to stdout.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import { ImportError } from '../../domain/import/import-error.ts';
import type { ImportProgress } from '../../domain/import/import-record.ts';
import type { ImportSettings } from '../../domain/import/import-settings.ts';
import { MERGE_RESOLUTIONS, needsResolution, type MergeResolution } from '../../domain/import/merge-outcome.ts';
import { isKnownTimeZone } from '../../domain/time/time-zone-table.ts';
import { safeFileName } from '../../domain/upload-media.ts';
import { loadConfig } from '../config.ts';
import { openDatabase, type Db } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { SearchPreparer } from '../import/search-preparer.ts';
import { importFile } from '../import/import-file.ts';
import { incidentSummary } from '../repositories/incidents-repository.ts';
import { SETTINGS_FLAG_OPTIONS, SETTINGS_FLAGS_USAGE, settingsForCli, type SettingsFlags } from './import-flags.ts';
import type { ImportLimits } from '../import/import-limits.ts';
import { MARKER_STREAM_REFUSAL, ReimportRefusal } from '../import/reimport-outcome.ts';
import { checkReimport, reimportStream } from '../import/reimport-stream.ts';
import type { IncidentRef } from '../repositories/access-repository.ts';
import { blobTempDir, spoolBlob, type SpooledBlob } from '../repositories/blob-repository.ts';
import { progressBar } from './progress-bar.ts';

const USAGE = `Usage: npm run import -- --incident ID FILE [--stream NAME] [--time-zone ZONE] [--analyst ID]
       npm run import -- --stream ID FILE [--resolution keep_unmatched|detach_unmatched] [--time-zone ZONE] [--analyst ID]
  --incident ID       the incident to import into, as a new stream
  FILE                TSV/CSV, HAR, Timesketch CSV or JSONL, JSON Lines, or a Slack export zip (detected)
  --stream NAME       with --incident: the new stream's name (default: the file name; Slack: one stream per channel)
  --stream ID         without --incident: re-import an updated FILE into that stream, annotations carried over;
                      the merge check is printed first
  --resolution R      when annotated events of the stream have no match in FILE: keep_unmatched keeps them,
                      detach_unmatched moves their annotations to the stream and deletes them
  --time-zone ZONE    for times written without an offset (default UTC)
  --analyst ID        who the import is attributed to (default: the primary analyst)
How FILE is read is detected; these change what detection decided, as the preview does:
${SETTINGS_FLAGS_USAGE}
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
      resolution: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
      ...SETTINGS_FLAG_OPTIONS,
    },
    allowPositionals: true,
    strict: true,
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const reimport = values.incident === undefined && values.stream !== undefined;
  if ((values.incident === undefined && !reimport) || positionals.length !== 1)
    throw new Error(`give --incident ID (or --stream ID) and one FILE\n${USAGE}`);
  if (values.resolution !== undefined && !reimport) throw new Error('--resolution goes with --stream ID (a re-import)');
  if (values.resolution !== undefined && !(MERGE_RESOLUTIONS as readonly string[]).includes(values.resolution)) {
    throw new Error(`--resolution must be one of ${MERGE_RESOLUTIONS.join(', ')}`);
  }
  const path = positionals[0]!;
  const timeZone = values['time-zone'] ?? 'UTC';
  if (!isKnownTimeZone(timeZone))
    throw new Error(`--time-zone ${timeZone} is not a known time zone (an IANA name such as Europe/Helsinki)`);
  const streamName = reimport ? undefined : values.stream?.trim();
  if (streamName !== undefined && (streamName.length === 0 || streamName.length > 200))
    throw new Error('--stream must be 1 to 200 characters');
  const info = await stat(path).catch(() => undefined);
  if (!info?.isFile()) throw new Error(`${path}: no such file`);

  const started = performance.now();
  const config = loadConfig();
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(db);
    const where = config.databaseUrl ? 'the PostgreSQL database (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
    const analyst = await attributedAnalyst(db, values.analyst);
    if (reimport) {
      const file = await spoolBlob(createReadStream(path), blobTempDir(config));
      try {
        await reimportInto(
          db,
          id(values.stream!, 'stream'),
          file,
          path,
          timeZone,
          values.resolution as MergeResolution | undefined,
          analyst,
          where,
          config.importLimits,
          settingsFlags(values),
        );
      } finally {
        await file.discard();
      }
      return;
    }
    const incidentId = id(values.incident!, 'incident');
    const [incident] = await db.query<IncidentRef>('SELECT id, organization_id, name FROM incidents WHERE id = $1', [
      incidentId,
    ]);
    if (!incident) throw new Error(`incident ${incidentId} not found in ${where}`);

    const fileName = safeFileName(basename(path));
    const file = await spoolBlob(createReadStream(path), blobTempDir(config));
    try {
      const first = (await incidentSummary(db, incident.id))?.firstTimestamp;
      const settings = await settingsForCli(file.path, fileName, timeZone, settingsFlags(values), first);
      process.stderr.write(
        `importing ${fileName} (${settings.format}, ${file.sizeBytes.toLocaleString('en-US')} bytes) into "${incident.name}" as ${analyst?.name ?? 'no analyst'}\n`,
      );
      const { bar, read } = fileRead(file, fileName, settings, analyst, config.importLimits);
      const result = await importFile(db, { ...read, incident: async () => incident, streamName });
      const seconds = (performance.now() - started) / 1000;
      bar.finish(`${result.importedCount.toLocaleString('en-US')} events`);
      const lines = [
        `imported ${result.importedCount.toLocaleString('en-US')} events (${result.format}) in ${seconds.toFixed(1)} s, ${Math.round(result.importedCount / seconds).toLocaleString('en-US')}/s`,
        ...result.streams.map(
          (stream) => `  stream ${stream.id} "${stream.name}": ${stream.eventCount.toLocaleString('en-US')} events`,
        ),
        `  source kept as upload ${result.uploadID}`,
        `invalid rows: ${result.invalidCount.toLocaleString('en-US')}`,
        ...result.invalid.map((row) => `  line ${row.line}: ${row.reason}`),
        ...(result.invalidNotListed > 0 ? [`  …and ${result.invalidNotListed.toLocaleString('en-US')} more`] : []),
      ];
      process.stdout.write(`${lines.join('\n')}\n`);
      // No server runs here to prepare the search data the import left for after its flip: done now.
      const searchStarted = performance.now();
      await new SearchPreparer(db).drain();
      const searchSeconds = (performance.now() - searchStarted) / 1000;
      if (searchSeconds > 0.5) process.stdout.write(`search data prepared in ${searchSeconds.toFixed(1)} s\n`);
    } finally {
      await file.discard();
    }
  } finally {
    await db.close();
  }
}

type Analyst = { id: number; name: string } | undefined;

async function attributedAnalyst(db: Db, analystFlag: string | undefined): Promise<Analyst> {
  const [analyst] =
    analystFlag === undefined
      ? await db.query<{ id: number; name: string }>(
          "SELECT id, name FROM analysts WHERE permission = 'admin' ORDER BY id LIMIT 1",
        )
      : await db.query<{ id: number; name: string }>('SELECT id, name FROM analysts WHERE id = $1', [
          id(analystFlag, 'analyst'),
        ]);
  if (!analyst && analystFlag !== undefined) throw new Error(`analyst ${analystFlag} not found`);
  // A database the server never started on has no primary analyst yet: the import is then nobody's.
  if (!analyst)
    process.stderr.write(
      'no primary analyst yet (the server creates one on its first start): the import is attributed to no analyst\n',
    );
  return analyst;
}

const count = (value: number) => value.toLocaleString('en-US');

/**
 * The file and how it is read, as the import and the re-import both take them: written by no user but
 * the analyst, its progress drawn as a bar on stderr.
 */
function fileRead(
  file: SpooledBlob,
  fileName: string,
  settings: ImportSettings,
  analyst: Analyst,
  limits: ImportLimits,
) {
  const bar = progressBar('bytes', file.sizeBytes);
  const read = {
    file,
    fileName,
    settings,
    attribution: { userID: null, analystID: analyst?.id ?? null },
    onProgress: (progress: ImportProgress) => bar.update(progress.bytesRead),
    limits,
  };
  return { bar, read };
}

function settingsFlags(values: SettingsFlags): SettingsFlags {
  const flags: Record<string, string | boolean | undefined> = {};
  for (const name of Object.keys(SETTINGS_FLAG_OPTIONS))
    flags[name] = (values as Record<string, string | boolean | undefined>)[name];
  return flags as SettingsFlags;
}

async function reimportInto(
  db: Db,
  streamId: number,
  file: SpooledBlob,
  path: string,
  timeZone: string,
  resolution: MergeResolution | undefined,
  analyst: Analyst,
  where: string,
  limits: ImportLimits,
  flags: SettingsFlags,
) {
  const [found] = await db.query<{
    incident_id: number;
    organization_id: number;
    incident_name: string;
    name: string;
    is_marker_stream: boolean;
  }>(
    'SELECT s.incident_id, i.organization_id, i.name AS incident_name, s.name, s.is_marker_stream FROM streams s JOIN incidents i ON i.id = s.incident_id WHERE s.id = $1',
    [streamId],
  );
  if (!found) throw new Error(`stream ${streamId} not found in ${where}`);
  if (found.is_marker_stream) throw new Error(`stream ${streamId} ${MARKER_STREAM_REFUSAL}`);
  const fileName = safeFileName(basename(path));
  const settings = await settingsForCli(
    file.path,
    fileName,
    timeZone,
    flags,
    (await incidentSummary(db, found.incident_id))?.firstTimestamp,
  );
  const stream = async () => ({
    streamId,
    incident: { id: found.incident_id, organization_id: found.organization_id, name: found.incident_name },
  });
  process.stderr.write(
    `checking ${fileName} (${settings.format}, ${count(file.sizeBytes)} bytes) against stream ${streamId} "${found.name}"\n`,
  );
  const check = await checkReimport(db, { stream, file, settings, limits });
  const lines = [
    `check: ${check.outcome}: ${count(check.currentEventCount)} events now, ${count(check.newEventCount)} in the file, ${count(check.matchedEventCount)} matched, ${count(check.invalidRowCount)} invalid rows`,
    ...check.unmatchedAnnotatedEvents.map(
      (event) =>
        `  unmatched event ${event.eventID} at ${new Date(event.startTimestamp / 1000).toISOString()}: ${event.annotations.join(', ')}: ${event.message.slice(0, 80)}`,
    ),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  if (needsResolution(check.outcome) && resolution === undefined) {
    throw new ReimportRefusal(
      'needs_resolution',
      `${check.outcome}: rerun with --resolution keep_unmatched or --resolution detach_unmatched (nothing was changed)`,
    );
  }
  const { bar, read } = fileRead(file, fileName, settings, analyst, limits);
  const result = await reimportStream(db, { ...read, stream, resolution });
  bar.finish(`${count(result.importedCount)} events`);
  process.stdout.write(
    [
      `re-imported ${count(result.importedCount)} events (${result.format}) into stream ${streamId} "${found.name}": ${result.outcome}${result.resolution ? `, ${result.resolution}` : ''}`,
      `  ${count(result.carriedAnnotationCount)} annotations carried, ${count(result.keptEventCount)} unmatched events kept, ${count(result.detachedEventCount)} detached`,
      `  stream ${streamId} now has ${count(result.streams[0]!.eventCount)} events; source kept as upload ${result.uploadID}`,
      `invalid rows: ${count(result.invalidCount)}`,
      ...result.invalid.map((row) => `  line ${row.line}: ${row.reason}`),
    ].join('\n') + '\n',
  );
}

main().catch((error: unknown) => {
  const message =
    error instanceof ImportError
      ? `${error.message} (nothing was imported)`
      : error instanceof Error
        ? error.message
        : String(error);
  process.stderr.write(`import: ${message}\n`);
  process.exitCode = 1;
});
