/*
 * Events that share a time show in file order: readers order by (start, id), so an import's ids must
 * follow the file even where two batches are written side by side (PostgreSQL) and the later one lands
 * first, and also when the events' sequence does not hand out one unbroken block (event-ids.ts).
 */
import { tmpdir } from 'node:os';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
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
});
