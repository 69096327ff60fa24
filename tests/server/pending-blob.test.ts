/*
 * Uploads stored in short transactions (issue 17): an upload larger than a chunk comes back byte for byte,
 * stored in 256 KiB chunks, with no pending blob left; a write that fails after its chunks were written
 * leaves nothing; a killed process's pending upload is swept at start. Both databases.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spoolBlob, type SpooledBlob } from '../../server/repositories/blob-repository.ts';
import { PENDING_CHUNK_BYTES, sweepPendingUploads, writePendingBlob } from '../../server/repositories/pending-blob.ts';
import { createIncident, createOrganization } from '../support/incident-fixtures.ts';
import { fileForm } from '../support/multipart.ts';
import { DATABASE_KINDS } from '../support/test-database.ts';
import { useAnalystServer } from '../support/analyst-server.ts';
import { countRows } from '../support/test-server.ts';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe.each(DATABASE_KINDS)('uploads stored chunk by chunk on %s', (kind) => {
  const suite = useAnalystServer(kind, { writer: 'write' });
  let incidentID: number;
  const work = mkdtempSync(join(tmpdir(), 'churchkey-pending-'));

  const spool = (bytes: Uint8Array): Promise<SpooledBlob> => spoolBlob(Readable.from([bytes]), work);
  const pendingKeys = async () =>
    (
      await suite.server.db.query<{ sha256: string }>(
        "SELECT sha256 FROM blobs WHERE sha256 NOT SIMILAR TO '[0-9a-f]{64}'",
      )
    ).map((row) => row.sha256);

  beforeAll(async () => {
    incidentID = await createIncident(suite.writer, await createOrganization(suite.writer, 'Harbour'), 'Crane fault');
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('stores an upload of three chunks and a bit in 256 KiB chunks and serves it back unchanged', async () => {
    const bytes = randomBytes(3 * PENDING_CHUNK_BYTES + 1234);
    const response = await suite.writer.request({
      method: 'POST',
      url: `/api/incident/${incidentID}/upload`,
      analyst: suite.writer.userID,
      payload: fileForm(bytes, 'crane-camera.bin', {}, { type: 'application/octet-stream' }),
    });
    expect(response.statusCode, response.body).toBe(201);
    const chunks = await suite.server.db.query<{ bytes: number }>(
      'SELECT octet_length(data) AS bytes FROM blob_chunks WHERE sha256 = $1 ORDER BY chunk_index',
      [sha256(bytes)],
    );
    expect(chunks.map((chunk) => Number(chunk.bytes))).toEqual([
      PENDING_CHUNK_BYTES,
      PENDING_CHUNK_BYTES,
      PENDING_CHUNK_BYTES,
      1234,
    ]);
    const { upload } = response.json() as { upload: { id: number } };
    const served = await suite.writer.request({
      url: `/api/upload/${upload.id}/content`,
      analyst: suite.writer.userID,
    });
    expect(served.statusCode).toBe(200);
    expect(sha256(served.rawPayload)).toBe(sha256(bytes));
    expect(await pendingKeys()).toEqual([]);
  });

  it('leaves no blob and no chunk when the write that adopts the chunks fails', async () => {
    const bytes = randomBytes(PENDING_CHUNK_BYTES + 10);
    const before = {
      blobs: await countRows(suite.server.db, 'blobs'),
      chunks: await countRows(suite.server.db, 'blob_chunks'),
    };
    const file = await spool(bytes);
    const pending = await writePendingBlob(suite.server.db, file);
    expect(await pendingKeys()).toHaveLength(1);
    await expect(
      suite.server.db.transaction(async (tx) => {
        await pending.adopt(tx);
        throw new Error('the upload row was refused');
      }),
    ).rejects.toThrow('the upload row was refused');
    await pending.discard();
    await file.discard();
    expect({
      blobs: await countRows(suite.server.db, 'blobs'),
      chunks: await countRows(suite.server.db, 'blob_chunks'),
    }).toEqual(before);
  });

  it('sweeps at start the pending upload a killed process left, and only that', async () => {
    const file = await spool(randomBytes(1000));
    // A process that died: its connection tag is no longer connected (PostgreSQL), or it is the only process (PGlite).
    const key = 'upload:churchkey 999999 deadbeef:0011223344556677';
    await writePendingBlob(suite.server.db, file, key);
    await file.discard();
    expect(await pendingKeys()).toEqual([key]);
    expect(await sweepPendingUploads(suite.server.db)).toBe(1);
    expect(await pendingKeys()).toEqual([]);
    expect(await countRows(suite.server.db, `blob_chunks WHERE sha256 = '${key}'`)).toBe(0);
  });
});
