/*
 * A map import that never stalls other users (issue 17), behind POST /api/incident/{id}/map: the file is
 * parsed in a worker thread (geo-parse-off-thread.ts) and its points go in short, paced transactions under
 * a map that carries the import's id, which reads skip (migration 016, hidden-map.ts); the file's chunks
 * follow, then one small transaction makes the upload and shows the map. A failure discards it all.
 */
import { setImmediate as turn } from 'node:timers/promises';
import type { InvalidGeoItem } from '../../domain/geo/geo-point.ts';
import type { MapSettings } from '../../domain/geo/geo-settings.ts';
import { MAP_INVALID_LIST_LIMIT } from '../../domain/geo/map-answers.ts';
import { ImportError } from '../../domain/import/import-error.ts';
import { nowMicros } from '../time.ts';
import type { Db, DbTransaction } from '../db/database.ts';
import { copyText } from '../db/copy-text.ts';
import type { IncidentRef } from '../repositories/access-repository.ts';
import { insertUpload, type BlobRef, type SpooledBlob } from '../repositories/blob-repository.ts';
import { inTurn, type TakeTurn } from '../repositories/in-turn.ts';
import type { PendingBlob } from '../repositories/pending-blob.ts';
import { POINT_COLUMNS, type GeoCopyBatch } from './geo-copy-batches.ts';
import { geoParseOffThread } from './geo-parse-off-thread.ts';
import { beginImport, discardImport, touchImport } from './hidden-import.ts';
import { PGLITE_IDLE_WRITE_MILLIS } from './import-file.ts';
import { DEFAULT_IMPORT_LIMITS, gunzipLimits, tooManyRecords, type ImportLimits } from './import-limits.ts';
import { writeImportBlob } from './keep-source.ts';
import { writeSizes } from './stage-file.ts';

/** PGlite: a write is sized after the last one's pace to take about this long while others read. */
const PGLITE_WRITE_MILLIS = 200;
/** The most a write takes (PostgreSQL: every write, as the event import's; its readers have connections of their own). */
const ROWS_PER_WRITE = { pglite: 50_000, postgres: 25_000 } as const;

interface ShownMap {
  id: number;
  incidentId: number;
  uploadId: number;
  blob: BlobRef;
  validPointCount: number;
  invalidItemCount: number;
}

interface MapFileOptions<T> {
  /** Resolves (and re-checks access to) the incident inside the first and the last transaction. */
  incident: (tx: DbTransaction) => Promise<IncidentRef>;
  file: SpooledBlob;
  fileName: string;
  mediaType: string;
  settings: MapSettings;
  analystId: number | null;
  limits?: ImportLimits | undefined;
  /** Waits for a turn before each transaction and answers its release (PGlite: the server's read queue). */
  takeTurn?: TakeTurn | undefined;
  /** Whether other users are reading (PGlite: the server's read queue); absent, nobody is. */
  readersActive?: (() => boolean) | undefined;
  /** Inside the flip, once the map is shown: the caller's audit record and answer. */
  show: (tx: DbTransaction, map: ShownMap) => Promise<T>;
}

interface Written {
  validPointCount: number;
  invalidItemCount: number;
  firstMicros: number | null;
  lastMicros: number | null;
}

export async function importMapFile<T>(db: Db, options: MapFileOptions<T>): Promise<T> {
  const inItsTurn = <R>(work: (tx: DbTransaction) => Promise<R>): Promise<R> => inTurn(db, options.takeTurn, work);
  let importId: number | undefined;
  try {
    const begun = await inItsTurn((tx) => beginHiddenMap(tx, options));
    importId = begun.importId;
    const written = await writePoints(db, begun, options, inItsTurn);
    // After the points: a refused file (too many records, no valid point) stores no chunk at all.
    const blob = await writeImportBlob(db, begun.importId, options.file, options.takeTurn);
    const answer = await inItsTurn((tx) => showMap(tx, options, { ...begun, written, blob }));
    importId = undefined;
    return answer;
  } catch (error) {
    // NOTE: best effort; if the database is gone too, the start-up sweep removes the hidden map and chunks.
    if (importId !== undefined) await discardImport(db, importId).catch(() => undefined);
    throw error;
  }
}

/** The import's bookkeeping row and its map, hidden (no upload yet; reads skip it). */
async function beginHiddenMap<T>(tx: DbTransaction, options: MapFileOptions<T>) {
  const incident = await options.incident(tx);
  const now = nowMicros();
  const importId = await beginImport(tx, incident.id, now);
  const { settings } = options;
  const [row] = await tx.query<{ id: number | string }>(
    `INSERT INTO incident_maps (incident_id, upload_id, name, colour, icon, settings, valid_point_count, invalid_item_count, analyst_id, created_micros, import_id)
     VALUES ($1, NULL, $2, $3, $4, $5, 0, 0, $6, $7, $8) RETURNING id`,
    [
      incident.id,
      settings.name,
      settings.colour,
      settings.icon,
      JSON.stringify(settings),
      options.analystId,
      now,
      importId,
    ],
  );
  return { importId, mapId: Number(row!.id) };
}

/** The parser's batches written in paced transactions, with the caps counted before each is taken. */
async function writePoints<T>(
  db: Db,
  on: { importId: number; mapId: number },
  options: MapFileOptions<T>,
  inTurn: <R>(work: (tx: DbTransaction) => Promise<R>) => Promise<R>,
): Promise<Written> {
  const limits = options.limits ?? DEFAULT_IMPORT_LIMITS;
  const pglite = db.kind === 'pglite';
  const sizes = writeSizes({
    rowsPerWrite: ROWS_PER_WRITE[db.kind],
    writeMillis: pglite
      ? () => ((options.readersActive?.() ?? false) ? PGLITE_WRITE_MILLIS : PGLITE_IDLE_WRITE_MILLIS)
      : undefined,
  });
  const written: Written = { validPointCount: 0, invalidItemCount: 0, firstMicros: null, lastMicros: null };
  let firstInvalid: InvalidGeoItem | undefined;
  let waiting: GeoCopyBatch[] = [];
  let waitingPoints = 0;
  const flush = async () => {
    const copy = waiting.map((batch) => batch.copy).join('');
    const listed = waiting.flatMap((batch) => batch.invalid).slice(0, MAP_INVALID_LIST_LIMIT);
    const points = waitingPoints;
    waiting = [];
    waitingPoints = 0;
    await inTurn(async (tx) => {
      const started = performance.now();
      // Out of sight until the flip, whose synchronous commit flushes these too; a crash meanwhile is swept.
      await tx.query('SET LOCAL synchronous_commit = off');
      if (copy.length > 0) await tx.copyFrom(`COPY map_points (${POINT_COLUMNS}) FROM STDIN`, copy);
      if (listed.length > 0)
        await tx.copyFrom(
          'COPY map_invalid_items (map_id, line, reason) FROM STDIN',
          `${listed.map((item) => `${on.mapId}\t${item.line}\t${copyText(item.reason)}`).join('\n')}\n`,
        );
      await touchImport(tx, on.importId, nowMicros());
      sizes.took(Math.max(points, 1), performance.now() - started);
    });
  };
  for await (const batch of geoParseOffThread({
    path: options.file.path,
    sizeBytes: options.file.sizeBytes,
    settings: options.settings,
    gunzip: gunzipLimits(limits),
    mapId: on.mapId,
  })) {
    // Counted before the batch is written: a refused file stops at most one parser batch past the cap.
    if (
      written.validPointCount + written.invalidItemCount + batch.pointCount + batch.invalid.length >
      limits.maxRecords
    )
      throw tooManyRecords(limits);
    const unlisted = Math.max(0, MAP_INVALID_LIST_LIMIT - written.invalidItemCount);
    waiting.push({ ...batch, invalid: batch.invalid.slice(0, unlisted) });
    waitingPoints += batch.pointCount;
    firstInvalid ??= batch.invalid[0];
    written.validPointCount += batch.pointCount;
    written.invalidItemCount += batch.invalid.length;
    if (batch.minMicros !== undefined)
      written.firstMicros = Math.min(written.firstMicros ?? batch.minMicros, batch.minMicros);
    if (batch.maxMicros !== undefined)
      written.lastMicros = Math.max(written.lastMicros ?? batch.maxMicros, batch.maxMicros);
    if (waitingPoints >= sizes.rows()) await flush();
    // A turn of the event loop between batches: other users' requests are read and answered meanwhile.
    await turn();
  }
  if (written.validPointCount === 0) {
    throw new ImportError(
      'invalid-file',
      firstInvalid
        ? `has no valid points (${written.invalidItemCount} invalid; line ${firstInvalid.line}: ${firstInvalid.reason})`
        : 'has no points',
    );
  }
  if (waiting.length > 0) await flush();
  return written;
}

/** The flip: the upload made, the map's counts set and its mark cleared, the caller's audit; all or none. */
async function showMap<T>(
  tx: DbTransaction,
  options: MapFileOptions<T>,
  on: { importId: number; mapId: number; written: Written; blob: PendingBlob },
): Promise<T> {
  // The access check again: the analyst may have lost the incident while the file was read.
  const incident = await options.incident(tx);
  const blob = await on.blob.adopt(tx);
  const uploadId = await insertUpload(tx, {
    incidentId: incident.id,
    blob,
    fileName: options.fileName,
    mediaType: options.mediaType,
    kind: 'text',
    isSystem: true,
    analystId: options.analystId,
  });
  const { written } = on;
  await tx.query(
    `UPDATE incident_maps SET upload_id = $2, import_id = NULL, valid_point_count = $3, invalid_item_count = $4,
            first_micros = $5, last_micros = $6
      WHERE id = $1 AND import_id = $7`,
    [
      on.mapId,
      uploadId,
      written.validPointCount,
      written.invalidItemCount,
      written.firstMicros,
      written.lastMicros,
      on.importId,
    ],
  );
  await tx.query('DELETE FROM imports WHERE id = $1', [on.importId]);
  return options.show(tx, {
    id: on.mapId,
    incidentId: incident.id,
    uploadId,
    blob,
    validPointCount: written.validPointCount,
    invalidItemCount: written.invalidItemCount,
  });
}
