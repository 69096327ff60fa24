/*
 * The set-up of suites that talk to the repositories or the planner with no server in front: a
 * migrated database with one organization in it, opened before the block's tests and dropped after
 * them. Suites read `store.db` and `store.organizationID` inside their hooks and tests.
 */
import { afterAll, beforeAll } from 'vitest';
import type { Db } from '../../server/db/database.ts';
import { createTestDatabase, type DatabaseKind, type TestDatabase } from './test-database.ts';

export interface OrganizationDatabase {
  db: Db;
  organizationID: number;
}

export function useOrganizationDatabase(kind: DatabaseKind, organizationName: string): OrganizationDatabase {
  const store = {} as OrganizationDatabase;
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    store.db = database.db;
    const [organization] = await store.db.query<{ id: number }>(
      'INSERT INTO organizations (name, created_micros) VALUES ($1, 0) RETURNING id',
      [organizationName],
    );
    store.organizationID = organization!.id;
  });
  afterAll(async () => database?.drop());
  return store;
}
