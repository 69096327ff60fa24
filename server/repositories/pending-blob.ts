/*
 * A spooled file stored chunk by chunk, each chunk in a short transaction of its own, under a pending key
 * that no upload matches; one small transaction then gives the chunks the file's sha256 (adopt). On PGlite
 * one long statement or transaction holds every other reader, so imports' kept files (keep-source.ts),
 * uploads, map files and re-imports all take this path. A killed process's pending blobs are swept at start.
 */
import { randomBytes } from 'node:crypto';
import { nowMicros } from '../time.ts';
import { CONNECTION_TAG, type Db, type Queryable } from '../db/database.ts';
import { saveBlob, type BlobRef, type SpooledBlob } from './blob-repository.ts';
import { inTurn, type TakeTurn } from './in-turn.ts';
import { spooledChunks } from './spooled-chunks.ts';

/** Every reader waits while PGlite writes a chunk: 256 KiB is about 60 ms of its work on a quiet machine. */
export const PENDING_CHUNK_BYTES = 256 * 1024;

export interface PendingBlob extends BlobRef {
  /** Inside the caller's transaction: the chunks become the blob's (or the stored blob is locked). */
  adopt(tx: Queryable): Promise<BlobRef>;
  /** Whatever was not adopted goes, in short transactions; a no-op after a committed adopt. */
  discard(): Promise<void>;
}

const UPLOAD_PREFIX = 'upload:';

/** A key of this process's upload, so a restart (or another server) can tell a dead process's. */
export const pendingUploadKey = () => `${UPLOAD_PREFIX}${CONNECTION_TAG}:${randomBytes(8).toString('hex')}`;

/** Writes the file's chunks under `key` (unless its content is stored already) and answers the handle. */
export async function writePendingBlob(
  db: Db,
  file: SpooledBlob,
  key: string = pendingUploadKey(),
  takeTurn?: TakeTurn,
  chunksPerTransaction = 1,
): Promise<PendingBlob> {
  const blob = { sha256: file.sha256, sizeBytes: file.sizeBytes };
  // The same content stored already (a file sent again): nothing to write, only a lock at adopt.
  const stored = (await db.query('SELECT 1 FROM blobs WHERE sha256 = $1', [file.sha256])).length > 0;
  const discard = () => discardPendingBlob(db, key);
  if (!stored) {
    try {
      await writeChunks(db, file, key, takeTurn, chunksPerTransaction);
    } catch (error) {
      await discard().catch(() => undefined);
      throw error;
    }
  }
  return {
    ...blob,
    // NOTE: saveBlob locks the stored blob, or stores the file whole here if it was deleted meanwhile (rare).
    adopt: async (tx) => (stored ? saveBlob(tx, file) : (await adoptChunks(tx, key, blob), blob)),
    discard,
  };
}

async function writeChunks(
  db: Db,
  file: SpooledBlob,
  key: string,
  takeTurn: TakeTurn | undefined,
  chunksPerTransaction: number,
): Promise<void> {
  await inTurn(db, takeTurn, (tx) =>
    tx.query('INSERT INTO blobs (sha256, size_bytes, created_micros) VALUES ($1, $2, $3)', [
      key,
      file.sizeBytes,
      nowMicros(),
    ]),
  );
  const write = (chunks: readonly { index: number; data: Uint8Array }[]) =>
    inTurn(db, takeTurn, async (tx) => {
      // Pending chunks are seen only once adopted, by a commit that waits for the WAL of all of them.
      await tx.query('SET LOCAL synchronous_commit = off');
      // NOTE: PGlite takes a chunk by binary COPY 1.5x faster than as a hex parameter (its bytea parameter is
      // slower still), one chunk a statement; PostgreSQL takes a transaction's chunks as one binary COPY, one
      // round trip where a parameter a chunk took one each.
      if (db.kind === 'pglite')
        for (const chunk of chunks) await tx.copyFrom(CHUNK_COPY_SQL, chunkCopyRows(key, [chunk]));
      else await tx.copyFrom(CHUNK_COPY_SQL, chunkCopyRows(key, chunks));
    });
  // The next transaction's chunks are read (and hashed) while this one's are written.
  const chunks = spooledChunks(file, PENDING_CHUNK_BYTES);
  const readGroup = async () => {
    const group: { index: number; data: Uint8Array }[] = [];
    while (group.length < chunksPerTransaction) {
      const next = await chunks.next();
      if (next.done) break;
      group.push(next.value);
    }
    return group;
  };
  let reading = readGroup();
  for (;;) {
    const group = await reading;
    if (group.length === 0) break;
    reading = readGroup();
    // Seen by the await above on the next turn; this only keeps a failed read from counting as unhandled.
    reading.catch(() => undefined);
    try {
      await write(group);
    } catch (error) {
      // The file is closed before the error goes on (the generator's finally).
      await reading.catch(() => undefined);
      await chunks.return(undefined);
      throw error;
    }
  }
}

const CHUNK_COPY_SQL = 'COPY blob_chunks (sha256, chunk_index, data) FROM STDIN WITH (FORMAT binary)';

/** blob_chunks rows in COPY's binary format: signature, flags, then each row's three fields, then the end mark. */
function chunkCopyRows(key: string, chunks: readonly { index: number; data: Uint8Array }[]): Buffer {
  const keyBytes = Buffer.from(key, 'utf8');
  const rowBytes = (data: Uint8Array) => 2 + 4 + keyBytes.length + 8 + 4 + data.byteLength;
  const rows = Buffer.allocUnsafe(19 + chunks.reduce((sum, chunk) => sum + rowBytes(chunk.data), 0) + 2);
  let at = rows.write('PGCOPY\n\xff\r\n\0', 0, 'latin1');
  at = rows.writeInt32BE(0, at);
  at = rows.writeInt32BE(0, at);
  for (const { index, data } of chunks) {
    at = rows.writeInt16BE(3, at);
    at = rows.writeInt32BE(keyBytes.length, at);
    at += keyBytes.copy(rows, at);
    at = rows.writeInt32BE(4, at);
    at = rows.writeInt32BE(index, at);
    at = rows.writeInt32BE(data.byteLength, at);
    at += Buffer.from(data.buffer, data.byteOffset, data.byteLength).copy(rows, at);
  }
  rows.writeInt16BE(-1, at);
  return rows;
}

/**
 * The pending chunks become the blob's (a key change: their stored bytes are not written again), or,
 * when the same content is stored already, are dropped and the stored blob is locked for the caller.
 */
async function adoptChunks(tx: Queryable, key: string, blob: BlobRef): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const inserted = await tx.query(
      'INSERT INTO blobs (sha256, size_bytes, created_micros) VALUES ($1, $2, $3) ON CONFLICT (sha256) DO NOTHING RETURNING sha256',
      [blob.sha256, blob.sizeBytes, nowMicros()],
    );
    if (inserted.length > 0) {
      await tx.query('UPDATE blob_chunks SET sha256 = $2 WHERE sha256 = $1', [key, blob.sha256]);
      await tx.query('DELETE FROM blobs WHERE sha256 = $1', [key]);
      return;
    }
    // Stored already, with its chunks, by the transaction that stored it: ours are not needed.
    const existing = await tx.query('SELECT 1 FROM blobs WHERE sha256 = $1 FOR SHARE', [blob.sha256]);
    if (existing.length > 0) {
      await tx.query('DELETE FROM blobs WHERE sha256 = $1', [key]);
      return;
    }
  }
  throw new Error(`blob ${blob.sha256} kept vanishing while being stored`);
}

/** A pending blob's chunks, one short transaction each, then its row. */
export async function discardPendingBlob(db: Db, key: string): Promise<void> {
  while (
    (
      await db.transaction((tx) =>
        tx.query(
          'DELETE FROM blob_chunks WHERE sha256 = $1 AND chunk_index = (SELECT min(chunk_index) FROM blob_chunks WHERE sha256 = $1) RETURNING 1',
          [key],
        ),
      )
    ).length > 0
  );
  await db.query('DELETE FROM blobs WHERE sha256 = $1', [key]);
}

/**
 * At start: the pending uploads a killed process left (PGlite: every one; PostgreSQL: those whose
 * process has no connection left, so another live server's upload in progress stays).
 */
export async function sweepPendingUploads(db: Db): Promise<number> {
  const keys = (
    await db.query<{ sha256: string }>('SELECT sha256 FROM blobs WHERE sha256 LIKE $1', [`${UPLOAD_PREFIX}%`])
  ).map((row) => row.sha256);
  const live =
    db.kind === 'pglite'
      ? new Set<string>()
      : new Set(
          (await db.query<{ tag: string }>('SELECT DISTINCT application_name AS tag FROM pg_stat_activity')).map(
            (row) => `${UPLOAD_PREFIX}${row.tag}:`,
          ),
        );
  const abandoned = keys.filter((key) => !live.has(key.slice(0, key.lastIndexOf(':') + 1)));
  for (const key of abandoned) await discardPendingBlob(db, key);
  return abandoned.length;
}
