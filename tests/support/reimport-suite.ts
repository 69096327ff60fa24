/*
 * The set-up of the re-import suites (reimport-flip, reimport-out-of-sight): a writer on a loopback
 * server, an organization made before the tests, a folder for the files they write, a stream's first
 * import through the API, and a re-import started in this process, whose short transactions a test
 * holds back or watches through takeTurn.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, expect } from 'vitest';
import { detectSettings } from '../../server/import/import-file.ts';
import { reimportStream } from '../../server/import/reimport-stream.ts';
import { spoolBlob } from '../../server/repositories/blob-repository.ts';
import { useSocketAnalystServer } from './analyst-server.ts';
import { createIncident, createOrganization } from './incident-fixtures.ts';
import { fileForm } from './multipart.ts';
import type { DatabaseKind } from './test-database.ts';

export function useReimportSuite(kind: DatabaseKind, organizationName: string) {
  const suite = useSocketAnalystServer(kind, { writer: 'write' });
  const work = mkdtempSync(join(tmpdir(), 'churchkey-reimport-'));
  let organizationID: number;
  beforeAll(async () => {
    organizationID = await createOrganization(suite.writer, organizationName);
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  return {
    suite,
    /** A new incident of the suite's organization. */
    newIncident: (name: string) => createIncident(suite.writer, organizationID, name),
    /** The id of the stream a first import of `bytes`, a TSV named crew.tsv, makes through the API. */
    async importStream(incidentID: number, bytes: Uint8Array): Promise<number> {
      const response = await suite.fetchAs(suite.writer, `/api/incident/${incidentID}/import`, {
        method: 'POST',
        body: fileForm(bytes, 'crew.tsv'),
      });
      expect(response.status, await response.clone().text()).toBe(201);
      return ((await response.json()) as { import: { streams: { id: number }[] } }).import.streams[0]!.id;
    },
    /** Starts a re-import of `bytes` into the stream as the writer; `takeTurn` sees every short transaction coming. */
    async reimport(incidentID: number, streamID: number, bytes: Uint8Array, takeTurn: () => Promise<() => void>) {
      const path = join(work, `crew-${streamID}.tsv`);
      writeFileSync(path, bytes);
      const [incident] = await suite.server.db.query<{ id: number; organization_id: number; name: string }>(
        'SELECT id, organization_id, name FROM incidents WHERE id = $1',
        [incidentID],
      );
      return reimportStream(suite.server.db, {
        stream: () => Promise.resolve({ streamId: streamID, incident: incident! }),
        file: await spoolBlob(Readable.from([bytes]), work),
        fileName: 'crew.tsv',
        settings: await detectSettings(path, 'crew.tsv', 'UTC'),
        attribution: { userID: suite.writer.userID, analystID: suite.writer.userID },
        takeTurn,
      });
    },
  };
}
