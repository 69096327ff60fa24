/*
 * The imported file becomes each new stream's system upload. The upload kept before the import
 * (import-file.ts keepSource) is adopted by the first stream; the others get an upload row of the
 * same blob, so deleting one stream still leaves the others their source.
 */
import { inferUploadKind } from '../../domain/upload-media.ts';
import type { DbTransaction } from '../db/database.ts';
import { insertUpload, type BlobRef } from '../repositories/blob-repository.ts';

interface SourceToAdopt {
  incidentId: number;
  keptId: number;
  blob: BlobRef;
  fileName: string;
  mediaType: string;
  analystId: number | null;
}

/** The upload id of each stream, in the order given. */
export async function adoptSource(
  tx: DbTransaction,
  source: SourceToAdopt,
  streamIds: readonly number[],
): Promise<number[]> {
  const uploadIds: number[] = [];
  for (const streamId of streamIds) {
    // The kept upload becomes the first stream's source (unless someone deleted it meanwhile).
    const [adopted] =
      uploadIds.length === 0
        ? await tx.query<{ id: number }>(
            'UPDATE uploads SET stream_id = $2, is_system = true WHERE id = $1 AND incident_id = $3 AND stream_id IS NULL AND NOT is_system RETURNING id',
            [source.keptId, streamId, source.incidentId],
          )
        : [];
    const uploadId =
      adopted?.id ??
      (await insertUpload(tx, {
        incidentId: source.incidentId,
        blob: source.blob,
        fileName: source.fileName,
        mediaType: source.mediaType,
        kind: inferUploadKind(source.fileName, source.mediaType),
        streamId,
        isSystem: true,
        analystId: source.analystId,
      }));
    uploadIds.push(uploadId);
    await tx.query('UPDATE streams SET source_upload_id = $2 WHERE id = $1', [streamId, uploadId]);
  }
  return uploadIds;
}
