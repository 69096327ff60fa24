/*
 * An import's file, kept as an upload of the incident before its rows are read, so that a crash during
 * the import leaves the file there to import again. Its chunks go in one short transaction each, under a
 * pending blob named after the import and swept with it (repositories/pending-blob.ts), and one small
 * transaction adopts them and makes the upload: on PGlite a 100 MB file in one transaction held every
 * reader for half a minute (bench/RESULTS.md "Imports and other users").
 */
import { inferUploadKind } from '../../domain/upload-media.ts';
import type { Db, DbTransaction } from '../db/database.ts';
import type { IncidentRef } from '../repositories/access-repository.ts';
import { insertUpload, type SpooledBlob } from '../repositories/blob-repository.ts';
import type { TakeTurn } from '../repositories/in-turn.ts';
import * as pendingBlob from '../repositories/pending-blob.ts';

interface KeepSourceOptions {
  importId: number;
  incident: (tx: DbTransaction) => Promise<IncidentRef>;
  file: SpooledBlob;
  fileName: string;
  mediaType: string;
  analystId: number | null;
  takeTurn?: TakeTurn | undefined;
}

/** 8 MiB of the file a transaction on PostgreSQL. */
const POSTGRES_CHUNKS_PER_TRANSACTION = 32;

/** The key of an import's pending blob: not a sha256, so no upload or other store ever matches it. */
const pendingBlobKey = (importId: number) => `import:${importId}`;

/** Stores the file chunk by chunk and commits it as a plain upload of the incident; answers its id. */
export async function keepSource(db: Db, options: KeepSourceOptions): Promise<number> {
  const pending = await pendingBlob.writePendingBlob(
    db,
    options.file,
    pendingBlobKey(options.importId),
    options.takeTurn,
    // PostgreSQL: a transaction holds no reader off, and a chunk a transaction spent most of the keep's time
    // in round trips (533 chunks of a 139 MB file: 1.9 s in the inserts of a 7.8 s keep, load 9).
    db.kind === 'postgres' ? POSTGRES_CHUNKS_PER_TRANSACTION : 1,
  );
  const release = await options.takeTurn?.();
  try {
    return await db.transaction(async (tx) => {
      const incident = await options.incident(tx);
      const blob = await pending.adopt(tx);
      return insertUpload(tx, {
        incidentId: incident.id,
        blob,
        fileName: options.fileName,
        mediaType: options.mediaType,
        kind: inferUploadKind(options.fileName, options.mediaType),
        analystId: options.analystId,
      });
    });
  } finally {
    release?.();
  }
}

/** The file's chunks under the import's pending key, adopted later (a map's flip); swept with the import. */
export function writeImportBlob(
  db: Db,
  importId: number,
  file: SpooledBlob,
  takeTurn?: TakeTurn,
): Promise<pendingBlob.PendingBlob> {
  return pendingBlob.writePendingBlob(db, file, pendingBlobKey(importId), takeTurn);
}

/** A failed or killed import's pending chunks, one short transaction each; then the pending blob. */
export async function discardPendingBlob(db: Db, importId: number): Promise<void> {
  await pendingBlob.discardPendingBlob(db, pendingBlobKey(importId));
}
