/* The snapshot sees a changed row, an added row, and nothing when nothing changed. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../../support/test-database.ts';
import { changedTables, snapshotTables } from './table-snapshot.ts';

describe.each(DATABASE_KINDS)('table snapshot on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.drop());

  it('reports no change, then the table whose row changed', async () => {
    const before = await snapshotTables(database.db);
    expect(changedTables(before, await snapshotTables(database.db))).toEqual([]);
    await database.db.query(`INSERT INTO organizations (name, created_micros) VALUES ('snapshot probe', 0)`);
    const after = await snapshotTables(database.db);
    expect(changedTables(before, after)).toEqual(['organizations: 0 → 1 rows']);
  });
});
