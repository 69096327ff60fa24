/*
 * Events that share a time show in file order: readers order by (start, id), so an import's ids must
 * follow the file even where two batches are written side by side (PostgreSQL) and the later one lands
 * first, and also when the events' sequence does not hand out one unbroken block (event-ids.ts).
 */
import { tmpdir } from 'node:os';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { reserveEventIds } from '../../server/import/event-ids.ts';
import { beginImport } from '../../server/import/hidden-import.ts';
import { importFile } from '../../server/import/import-file.ts';
import { spoolBlob } from '../../server/repositories/blob-repository.ts';
import { insertIncident } from '../../server/repositories/incidents-repository.ts';
import { useOrganizationDatabase } from '../support/organization-database.ts';
import { DATABASE_KINDS } from '../support/test-database.ts';

// Past the first 10,000 rows (searchable as they go in) and more than two 25,000-row PostgreSQL writes.
const ROWS = 70_000;
const SETTINGS = {
  format: 'delimited',
  delimiter: '\t',
  quoted: false,
  preambleRows: 0,
  headerRows: 1,
  mapping: { startTime: 0, actor: 1, message: 2 },
  numericUnit: 'seconds',
  timeZone: 'UTC',
} as const;

/** Every row at one of three times, so nearly every row ties with thousands of others. */
const tsv = () =>
  ['time\tactor\tmessage']
    .concat(
      Array.from(
        { length: ROWS },
        (_, index) => `2024-05-0${1 + (index % 3)} 10:00:00\thost-${index % 7}\trow ${index}`,
      ),
    )
    .join('\n');

describe.each(DATABASE_KINDS)('the order of an import’s events on %s', (kind) => {
  const store = useOrganizationDatabase(kind, 'Order');

  const importAndRead = async (name: string) => {
    const { db, organizationID: organizationId } = store;
    const incidentId = await insertIncident(db, { organizationId, name, description: '', analystId: null });
    const file = await spoolBlob(Readable.from([tsv()]), tmpdir());
    try {
      await importFile(db, {
        incident: async () => ({ id: incidentId, organization_id: organizationId, name }),
        file,
        fileName: 'ties.tsv',
        settings: SETTINGS,
        attribution: { userID: null, analystID: null },
      });
    } finally {
      await file.discard();
    }
    // What a reader shows: time first, then id.
    return db.query<{ message: string }>(
      'SELECT message FROM events WHERE incident_id = $1 ORDER BY start_micros, id',
      [incidentId],
    );
  };

  const inFileOrder = () =>
    [0, 1, 2].flatMap((day) =>
      Array.from({ length: ROWS }, (_, index) => index)
        .filter((index) => index % 3 === day)
        .map((index) => `row ${index}`),
    );

  it('shows rows of the same time in the order of the file', async () => {
    const rows = await importAndRead('Ties');
    expect(rows.map((row) => row.message)).toEqual(inFileOrder());
  }, 120_000);

  it('keeps that order when the ids a batch takes are not one unbroken block', async () => {
    // Every id taken skips two, as when other writers take ids between an import's.
    await store.db.query('ALTER SEQUENCE events_id_seq INCREMENT BY 3');
    try {
      const rows = await importAndRead('Ties with gaps');
      expect(rows.map((row) => row.message)).toEqual(inFileOrder());
    } finally {
      await store.db.query('ALTER SEQUENCE events_id_seq INCREMENT BY 1');
    }
  }, 120_000);

  // PostgreSQL's path alone: PGlite writes one batch at a time and takes no ids ahead.
  if (kind === 'postgres')
    it('takes a batch’s ids as one block no other writer shares, and falls back to one id at a time while one holds the sequence', async () => {
      const { db } = store;
      const incidentId = await insertIncident(db, {
        organizationId: store.organizationID,
        name: 'Blocks',
        description: '',
        analystId: null,
      });
      const importId = await db.transaction((tx) => beginImport(tx, incidentId, 0));
      const beat = { importId, nowMicros: 1 };
      // ALTER SEQUENCE gives the sequence a new file: how the block's one step shows from outside.
      const sequenceFile = async () =>
        Number((await db.query<{ file: number }>("SELECT pg_relation_filenode('events_id_seq') AS file"))[0]!.file);
      await db.query("SELECT nextval('events_id_seq')");
      const fileBefore = await sequenceFile();
      const block = await reserveEventIds(db, 25_000, beat);
      expect(await sequenceFile()).not.toBe(fileBefore);
      expect('first' in block).toBe(true);
      const first = 'first' in block ? block.first : 0;
      // The sequence steps by one again, and the next id any writer takes is past the block.
      const [after] = await db.query<{ id: number; step: number }>(
        `SELECT nextval('events_id_seq') AS id,
                (SELECT seqincrement FROM pg_sequence WHERE seqrelid = 'events_id_seq'::regclass) AS step`,
      );
      expect(Number(after!.step)).toBe(1);
      expect(Number(after!.id)).toBe(first + 25_000);
      // Another writer's open transaction that took an id holds the sequence: the ids come one by one, after it.
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      let othersId = 0;
      const other = db.transaction(async (tx) => {
        const [row] = await tx.query<{ id: number }>("SELECT nextval('events_id_seq') AS id");
        othersId = Number(row!.id);
        await held;
      });
      while (othersId === 0) await new Promise((resolve) => setTimeout(resolve, 10));
      const fileMeanwhile = await sequenceFile();
      const meanwhile = await reserveEventIds(db, 1_000, beat);
      expect(await sequenceFile()).toBe(fileMeanwhile);
      release();
      await other;
      const ids = Array.from({ length: 1_000 }, (_, index) =>
        'first' in meanwhile ? meanwhile.first + index : meanwhile[index]!,
      );
      expect(ids[0]).toBeGreaterThan(othersId);
      expect(new Set(ids).size).toBe(1_000);
      const [heartbeat] = await db.query<{ micros: number }>(
        'SELECT heartbeat_micros AS micros FROM imports WHERE id = $1',
        [importId],
      );
      expect(Number(heartbeat!.micros)).toBe(1);
    }, 60_000);
});
