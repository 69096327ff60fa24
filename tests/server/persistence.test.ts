import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../server/db/database.ts';
import { migrate, migrationFiles } from '../../server/db/migrate.ts';
import { createSession, findSessionUser } from '../../server/repositories/sessions-repository.ts';
import { insertLocalUser } from '../../server/repositories/users-repository.ts';
import { DATABASE_KINDS, createTestDatabase } from '../support/test-database.ts';

describe('PGlite on disk', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'churchkey-data-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps users and sessions across a stop and a start, and applies each migration once', async () => {
    const first = await openPglite(dataDir);
    expect(await migrate(first)).toEqual(migrationFiles().map((file) => file.name));
    const user = await insertLocalUser(first, { username: 'persisted', name: 'P', email: '', passwordHash: 'x' });
    const token = await createSession(first, user.id, 3_600_000_000, { userAgent: 'test', ip: '127.0.0.1' });
    await first.close();

    const second = await openPglite(dataDir);
    expect(await migrate(second)).toEqual([]);
    expect((await findSessionUser(second, token))?.username).toBe('persisted');
    await second.close();
  });
});

describe.each(DATABASE_KINDS)('transactions on %s', (kind) => {
  it('leave nothing half-written when the work fails part way', async () => {
    const database = await createTestDatabase(kind);
    try {
      const attempt = database.db.transaction(async (tx) => {
        await insertLocalUser(tx, { username: 'half', name: '', email: '', passwordHash: 'x' });
        await tx.query('INSERT INTO analysts (id, name, permission, created_micros) VALUES (1, $1, $2, 0)', [
          'A',
          'owner',
        ]);
      });
      await expect(attempt).rejects.toThrow();
      const users = await database.db.query('SELECT id FROM users WHERE username = $1', ['half']);
      expect(users).toEqual([]);
      expect(await migrate(database.db)).toEqual([]);
    } finally {
      await database.drop();
    }
  });
});
