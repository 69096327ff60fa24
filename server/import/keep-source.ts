/*
 * An import's file, kept as an upload of the incident before its rows are read, so that a crash during
 * the import leaves the file there to import again. Its chunks go in one short transaction each, under a
 * pending blob that nothing refers to (named after the import, swept with it), and one small transaction
 * gives them the file's sha256 and makes the upload: on PGlite a 100 MB file in one transaction held
 * every reader for half a minute (bench/RESULTS.md "Imports and other users").
 */
import { open } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { inferUploadKind } from '../../domain/upload-media.ts';
import { nowMicros } from '../time.ts';
import type { Db, DbTransaction, Queryable } from '../db/database.ts';
import type { IncidentRef } from '../repositories/access-repository.ts';
import { insertUpload, saveBlob, type SpooledBlob } from '../repositories/blob-repository.ts';

/** Every reader waits while PGlite writes a chunk: 256 KiB is about 60 ms of its work on a quiet machine. */
const CHUNK_BYTES = 256 * 1024;

interface KeepSourceOptions {
  importId: number;
  incident: (tx: DbTransaction) => Promise<IncidentRef>;
  file: SpooledBlob;
  fileName: string;
  mediaType: string;
  analystId: number | null;
  takeTurn?: (() => Promise<() => void>) | undefined;
}

/** The key of an import's pending blob: not a sha256, so no upload or other store ever matches it. */
const pendingBlobKey = (importId: number) => `import:${importId}`;

async function inTurn<T>(
  db: Db,
  takeTurn: KeepSourceOptions['takeTurn'],
  work: (tx: DbTransaction) => Promise<T>,
): Promise<T> {
  const release = await takeTurn?.();
  try {
    return await db.transaction(work);
  } finally {
    release?.();
  }
}

/** Stores the file chunk by chunk and commits it as a plain upload of the incident; answers its id. */
export async function keepSource(db: Db, options: KeepSourceOptions): Promise<number> {
  const pending = pendingBlobKey(options.importId);
  const { sha256, sizeBytes } = options.file;
  // The same content stored already (a file imported again): nothing to write but the upload.
  const stored = (await db.query('SELECT 1 FROM blobs WHERE sha256 = $1', [sha256])).length > 0;
  if (!stored) await writePendingChunks(db, options, pending);
  return inTurn(db, options.takeTurn, async (tx) => {
    const incident = await options.incident(tx);
    // NOTE: saveBlob locks the stored blob, or stores the file whole here if it was deleted meanwhile (rare).
    if (stored) await saveBlob(tx, options.file);
    else await adoptPendingBlob(tx, pending, { sha256, sizeBytes });
    return insertUpload(tx, {
      incidentId: incident.id,
      blob: { sha256, sizeBytes },
      fileName: options.fileName,
      mediaType: options.mediaType,
      kind: inferUploadKind(options.fileName, options.mediaType),
      analystId: options.analystId,
    });
  });
}

async function writePendingChunks(db: Db, options: KeepSourceOptions, pending: string): Promise<void> {
  const { sha256, sizeBytes } = options.file;
  await inTurn(db, options.takeTurn, (tx) =>
    tx.query('INSERT INTO blobs (sha256, size_bytes, created_micros) VALUES ($1, $2, $3)', [
      pending,
      sizeBytes,
      nowMicros(),
    ]),
  );
  const file = await open(options.file.path, 'r');
  // The bytes are hashed again as they go in: what is stored is exactly what was received.
  const verify = createHash('sha256');
  let total = 0;
  try {
    for (let index = 0; ; index++) {
      const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
      let filled = 0;
      for (let read = -1; read !== 0 && filled < CHUNK_BYTES; filled += read)
        read = (await file.read(buffer, filled, CHUNK_BYTES - filled, null)).bytesRead;
      if (filled === 0) break;
      const data = buffer.subarray(0, filled);
      verify.update(data);
      total += filled;
      // NOTE: as hex text, decoded by the database: PGlite's own bytea parameter took 7-15x longer (1.5-4 s a MiB).
      await inTurn(db, options.takeTurn, (tx) =>
        tx.query("INSERT INTO blob_chunks (sha256, chunk_index, data) VALUES ($1, $2, decode($3, 'hex'))", [
          pending,
          index,
          data.toString('hex'),
        ]),
      );
      if (filled < CHUNK_BYTES) break;
    }
  } finally {
    await file.close();
  }
  if (total !== sizeBytes || verify.digest('hex') !== sha256)
    throw new Error(`temporary file ${options.file.path} changed before it was stored`);
}

/**
 * The pending chunks become the blob's (a key change: their stored bytes are not written again), or,
 * when the same content is stored already, are dropped and the stored blob is locked for the upload.
 */
async function adoptPendingBlob(
  tx: Queryable,
  pending: string,
  blob: { sha256: string; sizeBytes: number },
): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const inserted = await tx.query(
      'INSERT INTO blobs (sha256, size_bytes, created_micros) VALUES ($1, $2, $3) ON CONFLICT (sha256) DO NOTHING RETURNING sha256',
      [blob.sha256, blob.sizeBytes, nowMicros()],
    );
    if (inserted.length > 0) {
      await tx.query('UPDATE blob_chunks SET sha256 = $2 WHERE sha256 = $1', [pending, blob.sha256]);
      await tx.query('DELETE FROM blobs WHERE sha256 = $1', [pending]);
      return;
    }
    // Stored already, with its chunks, by the transaction that stored it: ours are not needed.
    const existing = await tx.query('SELECT 1 FROM blobs WHERE sha256 = $1 FOR SHARE', [blob.sha256]);
    if (existing.length > 0) {
      await tx.query('DELETE FROM blobs WHERE sha256 = $1', [pending]);
      return;
    }
  }
  throw new Error(`blob ${blob.sha256} kept vanishing while being stored`);
}

/** A failed or killed import's pending chunks, one short transaction each; then the pending blob. */
export async function discardPendingBlob(db: Db, importId: number): Promise<void> {
  const pending = pendingBlobKey(importId);
  while (
    (
      await db.transaction((tx) =>
        tx.query(
          'DELETE FROM blob_chunks WHERE sha256 = $1 AND chunk_index = (SELECT min(chunk_index) FROM blob_chunks WHERE sha256 = $1) RETURNING 1',
          [pending],
        ),
      )
    ).length > 0
  );
  await db.query('DELETE FROM blobs WHERE sha256 = $1', [pending]);
}
