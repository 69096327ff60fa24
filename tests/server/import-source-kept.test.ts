/*
 * An import's source file is committed before the import's long transaction (import-file.ts
 * keepSource): when the process stops in the middle (tests/reliability/crash-import.test.ts kills a
 * real server), the file is still there and nothing else of the import is. Here the stop is a
 * database that refuses everything from a chosen moment on, as a dead process would; a failure the
 * process lives through removes the kept file again. Also: the restart's sweep of spooled files.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/database.ts';
import { detectSettings, importFile } from '../../server/import/import-file.ts';
import { spoolBlob, SPOOL_PREFIX, type SpooledBlob } from '../../server/repositories/blob-repository.ts';
import { sweepAbandonedSpools } from '../../server/repositories/spool-sweep.ts';
import { changedTables, snapshotTables } from '../reliability/support/table-snapshot.ts';
import { createIncident, createOrganization } from '../support/incident-fixtures.ts';
import { DATABASE_KINDS } from '../support/test-database.ts';
import { useAnalystServer } from '../support/analyst-server.ts';
import { giveAnalyst } from '../support/test-server.ts';

const ROWS = 12_000; // more than two of the import's 5,000-row batches
const tsv = () =>
  `timestamp\thost\tmessage\n${Array.from({ length: ROWS }, (_, row) => `${new Date(Date.UTC(2024, 0, 1) + row * 1000).toISOString()}\thost-${row % 7}\tline ${row}`).join('\n')}\n`;

/** The database as a process that stops: from `stop()` on, every call fails as if the process were gone. */
function stoppable(db: Db): { db: Db; stop(): void } {
  let stopped = false;
  const alive = () => {
    if (stopped) throw new Error('the process stopped');
  };
  return {
    stop: () => {
      stopped = true;
    },
    db: {
      kind: db.kind,
      query: async (text, params) => (alive(), db.query(text, params)),
      exec: async (script) => (alive(), db.exec(script)),
      transaction: async (fn) => (alive(), db.transaction(fn)),
      close: () => db.close(),
    },
  };
}

describe.each(DATABASE_KINDS)('an import stopped part-way on %s', (kind) => {
  const suite = useAnalystServer(kind, { writer: 'signed-in' });
  let analystID: number;
  let organizationID: number;
  let work: string;

  beforeAll(async () => {
    work = suite.server.config.dataDir;
    analystID = (await giveAnalyst(suite.server, suite.writer, 'write')).id;
    organizationID = await createOrganization(suite.writer, 'Kept sources');
  });

  const spool = (): Promise<SpooledBlob> => spoolBlob(Readable.from([Buffer.from(tsv())]), join(work, 'spool'));
  const run = async (db: Db, incidentID: number, file: SpooledBlob, onProgress?: () => void) =>
    importFile(db, {
      incident: async () => ({ id: incidentID, organization_id: organizationID, name: 'x' }),
      file,
      fileName: 'proxy.tsv',
      settings: await detectSettings(file.path, 'proxy.tsv', 'UTC'),
      attribution: { userID: suite.writer.userID, analystID },
      onProgress,
    });
  const incident = async (id: number) => (await suite.writer.request({ url: `/api/incident/${id}` })).json().incident;

  it('keeps the uploaded file, and nothing else of the import, when the process stops in the middle', async () => {
    const incidentID = await createIncident(suite.writer, organizationID, 'Stopped');
    const file = await spool();
    const dying = stoppable(suite.server.db);
    let batches = 0;
    const stopping = run(dying.db, incidentID, file, () => {
      batches += 1;
      // After the first batch went into the open transaction: the process is gone from here on.
      if (batches === 2) {
        dying.stop();
        throw new Error('killed');
      }
    });
    await expect(stopping).rejects.toThrow('killed');

    const after = await incident(incidentID);
    expect(after.streams.map((stream: { isMarkerStream: boolean }) => stream.isMarkerStream)).toEqual([true]);
    expect(after.events).toEqual([]);
    expect(after.actors).toEqual([]);
    expect(after.incidentUploads).toEqual([
      expect.objectContaining({
        fileName: 'proxy.tsv',
        sha256: file.sha256,
        sizeBytes: file.sizeBytes,
        isSystem: false,
        streamID: null,
      }),
    ]);
    const content = await suite.writer.request({ url: `/api/upload/${after.incidentUploads[0].id}/content` });
    expect(content.rawPayload.toString()).toBe(tsv());

    // Run again (the same file, by a live process): every row lands, the kept file stays beside the stream's own.
    const result = await run(suite.server.db, incidentID, file);
    expect(result).toMatchObject({ importedCount: ROWS, streams: [{ name: 'proxy.tsv', eventCount: ROWS }] });
    const done = await incident(incidentID);
    expect(
      done.incidentUploads.map((upload: { isSystem: boolean; streamID: number | null }) => [
        upload.isSystem,
        upload.streamID,
      ]),
    ).toEqual([
      [false, null],
      [true, result.streams[0]!.id],
    ]);
    await file.discard();
  });

  it('removes the kept file again when the import fails and the process lives on', async () => {
    const incidentID = await createIncident(suite.writer, organizationID, 'Failed');
    const file = await spool();
    // The incident's change counters move (its kept file was an upload while the import ran, then went);
    // every other table must be as it was.
    const before = await snapshotTables(suite.server.db, ['sessions', 'incidents']);
    let batches = 0;
    await expect(
      run(suite.server.db, incidentID, file, () => {
        batches += 1;
        if (batches === 2) throw new Error('parser broke');
      }),
    ).rejects.toThrow('parser broke');
    expect(changedTables(before, await snapshotTables(suite.server.db, ['sessions', 'incidents']))).toEqual([]);
    await file.discard();
  });

  it('makes the kept file the stream source of a successful import (one upload, no copy)', async () => {
    const incidentID = await createIncident(suite.writer, organizationID, 'Fine');
    const file = await spool();
    const result = await run(suite.server.db, incidentID, file);
    const { incidentUploads, streams } = await incident(incidentID);
    expect(incidentUploads).toEqual([
      expect.objectContaining({ id: result.uploadID, isSystem: true, streamID: result.streams[0]!.id }),
    ]);
    expect(streams.find((stream: { id: number }) => stream.id === result.streams[0]!.id)).toBeDefined();
    await file.discard();
  });
});

describe('the restart sweep of spooled upload files', () => {
  it("removes dead processes' files and old unnamed ones, never a running process's or another file", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'churchkey-sweep-'));
    try {
      const exited = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString();
      const names = {
        dead: `${SPOOL_PREFIX}${exited}-0a1b2c.part`,
        alive: `${SPOOL_PREFIX}${process.pid}-0a1b2c.part`,
        oldUnnamed: `${SPOOL_PREFIX}0a1b2c3d.part`,
        newUnnamed: `${SPOOL_PREFIX}4e5f6a7b.part`,
        other: 'notes.txt',
      };
      for (const name of Object.values(names)) writeFileSync(join(dir, name), 'x');
      const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
      utimesSync(join(dir, names.oldUnnamed), twoDaysAgo, twoDaysAgo);
      expect(await sweepAbandonedSpools(dir)).toBe(2);
      expect(readdirSync(dir).sort()).toEqual([names.alive, names.newUnnamed, names.other].sort());
      expect(await sweepAbandonedSpools(join(dir, 'missing'))).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
