/*
 * The authoritative import of one evidence file into an incident, shared by POST
 * /api/incident/{id}/import and npm run import. The spooled file is first stored whole and committed
 * as an upload of the incident (keepSource), so a crash during the long import (SIGKILL, power) leaves
 * the file there to be imported again, and nothing else. Then it is parsed in batches and, in ONE
 * transaction, the upload becomes the new streams' system upload, its actors are matched or created,
 * its events sent with COPY through a staging table (search data computed on the way in) and its Slack
 * threads made reply-thread collections. A failure rolls all that back and removes the kept upload
 * again (its blob too when nothing else holds it), so a refused file leaves nothing behind.
 */
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { DETECT_BYTES, detectFormat } from '../../domain/import/detect-format.ts';
import { ImportError } from '../../domain/import/import-error.ts';
import type { ImportFormat, ImportProgress, ImportRecord, InvalidRow } from '../../domain/import/import-record.ts';
import { settingsFromDetection, type ImportSettings } from '../../domain/import/import-settings.ts';
import { parseImport } from '../../domain/import/parse-import.ts';
import { inferUploadKind, normalizeMediaType } from '../../domain/upload-media.ts';
import { nowMicros } from '../auth/tokens.ts';
import type { Db, DbTransaction } from '../db/database.ts';
import type { IncidentRef } from '../repositories/access-repository.ts';
import { recordWrite } from '../repositories/audit-repository.ts';
import { deleteUpload, insertUpload, saveBlob, type SpooledBlob } from '../repositories/blob-repository.ts';
import { eventVector } from '../repositories/search-repository.ts';
import { extraText, messageText } from './copy-fields.ts';
import { incidentActorResolver } from './incident-actors.ts';

/** The answer lists this many invalid rows at most; invalidNotListed counts the rest. */
export const INVALID_LIST_LIMIT = 1000;
const BATCH_SIZE = 5000;

export interface ImportedStream {
  id: number;
  name: string;
  eventCount: number;
}

export interface ImportResult {
  streams: ImportedStream[];
  importedCount: number;
  invalidCount: number;
  invalid: InvalidRow[];
  invalidNotListed: number;
  format: ImportFormat;
  uploadID: number;
}

export interface ImportFileOptions {
  /** Resolves (and, for a route, re-checks access to) the incident inside the import's transaction. */
  incident: (tx: DbTransaction) => Promise<IncidentRef>;
  file: SpooledBlob;
  fileName: string;
  declaredType?: string | undefined;
  /** Defaults to the file name; Slack streams are named by channel. */
  streamName?: string | undefined;
  settings: ImportSettings;
  attribution: { userID: number | null; analystID: number | null };
  onProgress?: ((progress: ImportProgress) => void) | undefined;
}

/** The first 64 KiB of a spooled file, which is what format detection looks at. */
export async function firstBytes(path: string): Promise<Uint8Array> {
  const file = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(DETECT_BYTES);
    const { bytesRead } = await file.read(buffer, 0, DETECT_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

/** Settings detected from the file, or an ImportError('unsupported-format') with the detection's reason. */
export async function detectSettings(path: string, fileName: string, timeZone: string): Promise<ImportSettings> {
  const detection = detectFormat(await firstBytes(path), fileName);
  const settings = settingsFromDetection(detection, timeZone);
  if (!settings) {
    const why = detection.format === undefined ? detection.reason : `${detection.reason}, but no start time column was found: send settings with a mapping`;
    throw new ImportError('unsupported-format', why);
  }
  return settings;
}

// import_stream_id: for a marker, the stream whose import made it (migration 005), so a re-import finds it.
const STAGING = `CREATE TEMP TABLE import_staging (stream_id bigint NOT NULL, actor_id bigint, is_marker boolean NOT NULL,
  message text NOT NULL, start_micros bigint NOT NULL, end_micros bigint NOT NULL, extra jsonb, source_line integer, import_stream_id bigint) ON COMMIT DROP`;
const STAGING_COLUMNS = 'stream_id, actor_id, is_marker, message, start_micros, end_micros, extra, source_line, import_stream_id';

/** Stores the file and commits it as a plain upload of the incident, before the import begins. */
async function keepSource(db: Db, options: ImportFileOptions, mediaType: string): Promise<number> {
  return db.transaction(async (tx) => {
    const incident = await options.incident(tx);
    return insertUpload(tx, {
      incidentId: incident.id,
      blob: await saveBlob(tx, options.file),
      fileName: options.fileName,
      mediaType,
      kind: inferUploadKind(options.fileName, mediaType),
      analystId: options.attribution.analystID,
    });
  });
}

export async function importFile(db: Db, options: ImportFileOptions): Promise<ImportResult> {
  const mediaType = normalizeMediaType(options.declaredType, options.fileName);
  const keptId = await keepSource(db, options, mediaType);
  let result: ImportResult;
  try {
    result = await importKept(db, options, mediaType, keptId);
  } catch (error) {
    // NOTE: best effort; if the database is gone too, the kept file stays, as after a crash.
    await db.transaction((tx) => deleteUpload(tx, keptId)).catch(() => undefined);
    throw error;
  }
  // NOTE: PGlite runs no autovacuum, so without this the planner guesses at the new rows.
  await db.query('ANALYZE events');
  return result;
}

async function importKept(db: Db, options: ImportFileOptions, mediaType: string, keptId: number): Promise<ImportResult> {
  const { file, fileName, settings } = options;
  const result = await db.transaction(async (tx) => {
    const incident = await options.incident(tx);
    const now = nowMicros();
    // Stored already (keepSource); this locks it, and stores it again if the kept upload was deleted meanwhile.
    const blob = await saveBlob(tx, file);
    await tx.query(STAGING);

    const streams = new Map<string, ImportedStream>();
    // A file name may be 255 characters; a stream name at most 200 (the API's limit), so a later rename to it works.
    const defaultName = options.streamName ?? Array.from(fileName).slice(0, 200).join('');
    const streamFor = async (name: string): Promise<ImportedStream> => {
      const known = streams.get(name);
      if (known) return known;
      const [row] = await tx.query<{ id: number }>(
        'INSERT INTO streams (incident_id, name, import_format, created_micros, analyst_id) VALUES ($1, $2, $3, $4, $5) RETURNING id',
        [incident.id, name, settings.format, now, options.attribution.analystID],
      );
      const stream = { id: row!.id, name, eventCount: 0 };
      streams.set(name, stream);
      return stream;
    };
    // Slack names its streams by channel as records arrive; every other format has one, made now.
    if (settings.format !== 'slack-zip') await streamFor(defaultName);
    let markerStreamId: number | undefined;

    const resolver = incidentActorResolver(tx, incident, now);
    let actors: ReadonlyMap<string, number> = new Map();
    const resolveActors = async (records: readonly ImportRecord[]) => {
      const wanted = new Map<string, boolean>();
      for (const record of records) {
        if (record.actor !== '' && !record.isMarker && !actors.has(record.actor)) wanted.set(record.actor, (wanted.get(record.actor) ?? false) || record.actorIsBot === true);
      }
      if (wanted.size > 0) actors = await resolver(wanted);
    };

    // Only thread messages are remembered (Slack, read whole anyway), so a big log costs nothing here.
    const threadKeys = new Map<number, string>();
    const threads = new Map<string, { id: number; start: number; line: number }[]>();
    const invalid: InvalidRow[] = [];
    let invalidCount = 0;
    let importedCount = 0;

    const run = parseImport(createReadStream(file.path), settings, { totalBytes: file.sizeBytes, batchSize: BATCH_SIZE, onProgress: options.onProgress });
    let next = await run.next();
    while (!next.done) {
      const batch = next.value;
      for (const row of batch.invalid) {
        invalidCount += 1;
        if (invalid.length < INVALID_LIST_LIMIT) invalid.push(row);
      }
      if (batch.records.length > 0) {
        await resolveActors(batch.records);
        const lines: string[] = [];
        for (const record of batch.records) {
          let streamId: number;
          let importStreamId = '\\N';
          if (record.isMarker) {
            if (markerStreamId === undefined) {
              const [marker] = await tx.query<{ id: number }>('SELECT id FROM streams WHERE incident_id = $1 AND is_marker_stream', [incident.id]);
              if (!marker) throw new Error(`incident ${incident.id} has no marker stream`);
              markerStreamId = marker.id;
            }
            streamId = markerStreamId;
            importStreamId = String((await streamFor(record.stream ?? defaultName)).id);
          } else {
            const stream = await streamFor(record.stream ?? defaultName);
            stream.eventCount += 1;
            streamId = stream.id;
          }
          if (record.threadKey !== undefined) threadKeys.set(record.line, record.threadKey);
          const actorId = record.actor === '' || record.isMarker ? '\\N' : String(actors.get(record.actor));
          lines.push(
            `${streamId}\t${actorId}\t${record.isMarker ? 't' : 'f'}\t${messageText(record.message)}\t${record.startMicros}\t${record.endMicros}\t${extraText(record.extra)}\t${record.line}\t${importStreamId}`,
          );
        }
        await tx.copyFrom(`COPY import_staging (${STAGING_COLUMNS}) FROM STDIN`, `${lines.join('\n')}\n`);
        const inserted = await tx.query<{ id: number; start_micros: number; source_line: number }>(
          `INSERT INTO events (incident_id, stream_id, actor_id, is_marker, message, start_micros, end_micros, extra, source_line, import_stream_id, analyst_id, created_micros, search_vector)
           SELECT $1, g.stream_id, g.actor_id, g.is_marker, g.message, g.start_micros, g.end_micros, g.extra, g.source_line, g.import_stream_id, $2, $3,
                  ${eventVector('g.message', 'a.name', 'NULL', 'NULL')}
             FROM import_staging g LEFT JOIN incident_actors a ON a.id = g.actor_id
           ${threadKeys.size > 0 ? 'RETURNING id, start_micros, source_line' : ''}`,
          [incident.id, options.attribution.analystID, now],
        );
        for (const row of inserted) {
          const key = threadKeys.get(row.source_line);
          if (key === undefined) continue;
          const members = threads.get(key) ?? [];
          members.push({ id: row.id, start: row.start_micros, line: row.source_line });
          threads.set(key, members);
        }
        threadKeys.clear();
        await tx.query('TRUNCATE import_staging');
        importedCount += batch.records.length;
      }
      next = await run.next();
    }
    const summary = next.value;
    if (importedCount === 0) {
      const first = invalid[0];
      throw new ImportError('invalid-file', first ? `has no valid rows (${invalidCount} invalid; line ${first.line}: ${first.reason})` : 'has no events to import');
    }
    if (streams.size === 0) await streamFor(defaultName);

    for (const members of threads.values()) {
      members.sort((a, b) => a.start - b.start || a.line - b.line);
      const first = members[0]!;
      const [collection] = await tx.query<{ id: number }>(
        'INSERT INTO collections (incident_id, name, is_analyst, is_thread, thread_event_id, created_micros) VALUES ($1, $2, false, true, $3, $4) RETURNING id',
        [incident.id, `Reply thread ${first.id}`, first.id, now],
      );
      await tx.query(
        'INSERT INTO collection_events (collection_id, event_id, created_micros) SELECT $1, unnest($2::bigint[]), $3',
        [collection!.id, members.map((member) => member.id), now],
      );
    }

    // Each new stream keeps the source whole, so deleting one stream still leaves the others theirs.
    const imported = [...streams.values()];
    const uploadIds: number[] = [];
    for (const stream of imported) {
      // The kept upload becomes the first stream's source (unless someone deleted it meanwhile).
      const [adopted] = uploadIds.length === 0
        ? await tx.query<{ id: number }>(
            'UPDATE uploads SET stream_id = $2, is_system = true WHERE id = $1 AND incident_id = $3 AND stream_id IS NULL AND NOT is_system RETURNING id',
            [keptId, stream.id, incident.id],
          )
        : [];
      const uploadId = adopted?.id ?? await insertUpload(tx, {
        incidentId: incident.id,
        blob,
        fileName,
        mediaType,
        kind: inferUploadKind(fileName, mediaType),
        streamId: stream.id,
        isSystem: true,
        analystId: options.attribution.analystID,
      });
      uploadIds.push(uploadId);
      await tx.query('UPDATE streams SET source_upload_id = $2 WHERE id = $1', [stream.id, uploadId]);
    }
    await recordWrite(tx, options.attribution, {
      action: 'import stream',
      itemType: 'stream',
      itemID: imported[0]!.id,
      detail: {
        incidentID: incident.id,
        fileName,
        format: summary.format,
        streamIDs: imported.map((stream) => stream.id),
        importedCount,
        invalidCount,
        uploadID: uploadIds[0],
        sha256: blob.sha256,
        sizeBytes: blob.sizeBytes,
      },
    });
    return {
      streams: imported,
      importedCount,
      invalidCount,
      invalid,
      invalidNotListed: invalidCount - invalid.length,
      format: summary.format,
      uploadID: uploadIds[0]!,
    };
  });
  return result;
}
