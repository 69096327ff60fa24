/*
 * Upload rows as the upload routes read them: the file a download serves, and the row a delete
 * decides on. Storing and reclaiming the content itself is blob-repository.ts.
 */
import type { UPLOAD_KINDS } from '../../domain/annotations.ts';
import type { Queryable } from '../db/database.ts';

interface UploadFile {
  sha256: string;
  size_bytes: number;
  file_name: string;
  media_type: string;
  kind: (typeof UPLOAD_KINDS)[number];
}

export async function uploadFile(db: Queryable, uploadId: number): Promise<UploadFile | undefined> {
  const [row] = await db.query<UploadFile>(
    'SELECT sha256, size_bytes, file_name, media_type, kind FROM uploads WHERE id = $1',
    [uploadId],
  );
  return row;
}

/** The upload's row, locked until the transaction ends so a delete decides on what it deletes. */
export async function lockUpload(db: Queryable, uploadId: number) {
  const [row] = await db.query<{ file_name: string; is_system: boolean; stream_id: number | null }>(
    'SELECT file_name, is_system, stream_id FROM uploads WHERE id = $1 FOR UPDATE',
    [uploadId],
  );
  return row!;
}
