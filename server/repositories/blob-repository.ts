/*
 * Uploaded files, kept whole and unchanged: content-addressed by sha256, stored once however often
 * they arrive, as bytea chunks. A file is first streamed to a temporary file while it is hashed (never
 * held whole in memory), then stored: by routes in short transactions under a pending key and adopted in
 * the transaction of what refers to it (pending-blob.ts), so a refused or failed request leaves no blob.
 * Blobs nobody refers to any more are removed by a trigger on uploads (migration 003).
 */
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ATTACHMENT_KINDS, UPLOAD_KINDS } from '../../domain/annotations.ts';
import { nowMicros } from '../time.ts';
import type { Config } from '../config.ts';
import type { Db, Queryable } from '../db/database.ts';
import { spooledChunks } from './spooled-chunks.ts';

const CHUNK_BYTES = 4 * 1024 * 1024;

export interface BlobRef {
  sha256: string;
  sizeBytes: number;
}

/** A file streamed to disk and hashed, waiting to be stored; discard() it whatever happens. */
export interface SpooledBlob extends BlobRef {
  path: string;
  discard(): Promise<void>;
}

interface StoreOptions {
  /** Where temporary files go; see blobTempDir. */
  tmpDir: string;
  /** Bytes per stored chunk; tests use a small one to cross chunk boundaries. */
  chunkBytes?: number;
}

/** Beside the embedded database (same disk, survives nothing it should not); else the system's. */
export function blobTempDir(config: Pick<Config, 'databaseUrl' | 'dataDir'>): string {
  return config.databaseUrl ? tmpdir() : join(config.dataDir, 'tmp');
}

/** Spooled files are named churchkey-upload-{pid}-{random}.part, so a restart can tell a dead process's (spool-sweep.ts). */
export const SPOOL_PREFIX = 'churchkey-upload-';

/** Streams `source` to a new temporary file, hashing it on the way. */
export async function spoolBlob(source: Readable, tmpDir: string): Promise<SpooledBlob> {
  await mkdir(tmpDir, { recursive: true, mode: 0o700 });
  const path = join(tmpDir, `${SPOOL_PREFIX}${process.pid}-${randomBytes(12).toString('hex')}.part`);
  const discard = () => rm(path, { force: true });
  const hash = createHash('sha256');
  let sizeBytes = 0;
  const hashing = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      sizeBytes += chunk.length;
      done(null, chunk);
    },
  });
  const sink = createWriteStream(path, { flags: 'wx', mode: 0o600 });
  try {
    await pipeline(source, hashing, sink);
  } catch (error) {
    // NOTE: a source that fails at once rejects before the file is even open; removed then, it
    // would be created a moment later and stay. The destroyed sink closes only after its open.
    if (!sink.closed) await new Promise<void>((resolve) => sink.once('close', () => resolve()));
    await discard();
    throw error;
  }
  return { sha256: hash.digest('hex'), sizeBytes, path, discard };
}

/**
 * Stores a spooled file as a blob with its chunks, unless that content is stored already, inside the
 * caller's transaction. On return the blob is locked (FOR SHARE) until the transaction ends, so a
 * concurrent delete of its last upload cannot remove it before the caller's upload row lands.
 */
export async function saveBlob(tx: Queryable, spooled: SpooledBlob, chunkBytes = CHUNK_BYTES): Promise<BlobRef> {
  const blob = { sha256: spooled.sha256, sizeBytes: spooled.sizeBytes };
  for (let attempt = 0; attempt < 5; attempt++) {
    const inserted = await tx.query(
      'INSERT INTO blobs (sha256, size_bytes, created_micros) VALUES ($1, $2, $3) ON CONFLICT (sha256) DO NOTHING RETURNING sha256',
      [blob.sha256, blob.sizeBytes, nowMicros()],
    );
    if (inserted.length > 0) {
      await writeChunks(tx, spooled, chunkBytes);
      return blob;
    }
    // NOTE: a blob that is stored already had its chunks written in the transaction that stored it.
    const existing = await tx.query('SELECT 1 FROM blobs WHERE sha256 = $1 FOR SHARE', [blob.sha256]);
    if (existing.length > 0) return blob;
    // It was deleted (its last upload went) between the two statements: store it afresh.
  }
  throw new Error(`blob ${blob.sha256} kept vanishing while being stored`);
}

async function writeChunks(tx: Queryable, spooled: SpooledBlob, chunkBytes: number): Promise<void> {
  for await (const { index, data } of spooledChunks(spooled, chunkBytes))
    await insertChunk(tx, spooled.sha256, index, data);
}

/**
 * One chunk, sent as hex text and decoded by the database: PGlite's bytea parameter took 7-15x longer.
 * (An import's and an upload's pending chunks go by binary COPY instead, pending-blob.ts.)
 */
async function insertChunk(tx: Queryable, key: string, index: number, data: Uint8Array): Promise<void> {
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  await tx.query("INSERT INTO blob_chunks (sha256, chunk_index, data) VALUES ($1, $2, decode($3, 'hex'))", [
    key,
    index,
    bytes.toString('hex'),
  ]);
}

/**
 * Streams `source` into the blob store: spooled and hashed, then stored in one transaction with
 * whatever `within` writes (an upload row, an import's events). Nothing stays if `within` throws.
 */
export async function storeBlobFromStream<T>(
  db: Db,
  source: Readable,
  options: StoreOptions,
  within: (tx: Queryable, blob: BlobRef) => Promise<T>,
): Promise<T> {
  const spooled = await spoolBlob(source, options.tmpDir);
  try {
    return await db.transaction(async (tx) => within(tx, await saveBlob(tx, spooled, options.chunkBytes)));
  } finally {
    await spooled.discard();
  }
}

interface NewUpload {
  incidentId: number;
  blob: BlobRef;
  fileName: string;
  mediaType: string;
  kind: (typeof UPLOAD_KINDS)[number];
  eventId?: number | null;
  attachmentKind?: (typeof ATTACHMENT_KINDS)[number] | null;
  streamId?: number | null;
  /** An import's source file (a stream's system upload). */
  isSystem?: boolean;
  analystId: number | null;
}

/** Adds an upload row for a stored blob, inside the caller's transaction (the one that saved it). */
export async function insertUpload(tx: Queryable, upload: NewUpload): Promise<number> {
  const rows = await tx.query<{ id: number }>(
    `INSERT INTO uploads (incident_id, sha256, file_name, media_type, kind, size_bytes, event_id, attachment_kind, stream_id,
                          is_system, created_micros, analyst_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id`,
    [
      upload.incidentId,
      upload.blob.sha256,
      upload.fileName,
      upload.mediaType,
      upload.kind,
      upload.blob.sizeBytes,
      upload.eventId ?? null,
      upload.attachmentKind ?? null,
      upload.streamId ?? null,
      upload.isSystem ?? false,
      nowMicros(),
      upload.analystId,
    ],
  );
  return rows[0]!.id;
}

/** Deletes an upload; its blob goes too (trigger) when no other upload refers to it. */
export async function deleteUpload(
  tx: Queryable,
  uploadId: number,
): Promise<{ sha256: string; blobRemoved: boolean } | undefined> {
  const [gone] = await tx.query<{ sha256: string }>('DELETE FROM uploads WHERE id = $1 RETURNING sha256', [uploadId]);
  if (!gone) return undefined;
  const kept = await tx.query('SELECT 1 FROM blobs WHERE sha256 = $1', [gone.sha256]);
  return { sha256: gone.sha256, blobRemoved: kept.length === 0 };
}

/**
 * The bytes of a blob, streamed chunk by chunk in order (one chunk in memory at a time), or the
 * bytes start..end (inclusive) of it.
 */
export function openBlobStream(db: Queryable, sha256: string, range?: { start: number; end: number }): Readable {
  return Readable.from(blobBytes(db, sha256, range), { objectMode: false });
}

async function* blobBytes(db: Queryable, sha256: string, range: { start: number; end: number } | undefined) {
  const layout = await db.query<{ chunk_index: number; bytes: number }>(
    'SELECT chunk_index, octet_length(data) AS bytes FROM blob_chunks WHERE sha256 = $1 ORDER BY chunk_index',
    [sha256],
  );
  const [blob] = await db.query<{ size_bytes: number }>('SELECT size_bytes FROM blobs WHERE sha256 = $1', [sha256]);
  const total = layout.reduce((sum, chunk) => sum + Number(chunk.bytes), 0);
  if (!blob || total !== blob.size_bytes) throw new Error(`blob ${sha256} is missing or incomplete`);
  const start = range?.start ?? 0;
  const end = range?.end ?? total - 1;
  let offset = 0;
  for (const chunk of layout) {
    const chunkStart = offset;
    offset += Number(chunk.bytes);
    if (offset <= start || chunkStart > end) continue;
    const from = Math.max(start, chunkStart) - chunkStart;
    const length = Math.min(end + 1, offset) - chunkStart - from;
    const [row] = await db.query<{ data: Uint8Array }>(
      'SELECT substring(data FROM $3 FOR $4) AS data FROM blob_chunks WHERE sha256 = $1 AND chunk_index = $2',
      [sha256, chunk.chunk_index, from + 1, length],
    );
    if (!row) throw new Error(`blob ${sha256} lost chunk ${chunk.chunk_index} while being read`);
    yield Buffer.from(row.data.buffer, row.data.byteOffset, row.data.byteLength);
  }
}
