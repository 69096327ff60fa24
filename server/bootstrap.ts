/*
 * First start (AUTH_MODE=local): the account `admin`, with CHURCHKEY_ADMIN_PASSWORD when set, else a
 * random password that is printed once together with a one-time sign-in link (valid 24 hours).
 */
import { randomBytes } from 'node:crypto';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import { hashPassword } from './auth/password.ts';
import { hashToken, newToken } from './auth/tokens.ts';
import { nowMicros } from './time.ts';
import { recordWrite } from './repositories/audit-repository.ts';

export const ADMIN_USERNAME = 'admin';
const LINK_MICROS = 24 * 3600 * 1_000_000;

export interface FirstAccount {
  username: string;
  /** Only when it was generated here; a configured password is never printed. */
  generatedPassword: string | undefined;
  /** Path of the one-time sign-in link, e.g. /auth/link/abc. */
  linkPath: string;
}

export async function ensureAdminAccount(db: Db, config: Config): Promise<FirstAccount | undefined> {
  if (config.authMode !== 'local') return undefined;
  const generatedPassword = config.adminPassword ? undefined : randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(config.adminPassword ?? generatedPassword!);
  return db.transaction(async (tx) => {
    // NOTE: ON CONFLICT lets several processes start at once; only the one that created it prints.
    const rows = await tx.query<{ id: number }>(
      `INSERT INTO users (username, name, password_hash, created_micros) VALUES ($1, 'Administrator', $2, $3)
       ON CONFLICT (username) DO NOTHING RETURNING id`,
      [ADMIN_USERNAME, passwordHash, nowMicros()],
    );
    const created = rows[0];
    if (!created) return undefined;
    const token = newToken();
    await tx.query('INSERT INTO sign_in_links (token_hash, user_id, expires_micros) VALUES ($1, $2, $3)', [
      hashToken(token),
      created.id,
      nowMicros() + LINK_MICROS,
    ]);
    await recordWrite(
      tx,
      { userID: null, analystID: null },
      {
        action: 'create user',
        itemType: 'user',
        itemID: created.id,
        detail: { username: ADMIN_USERNAME, firstStart: true },
      },
    );
    return { username: ADMIN_USERNAME, generatedPassword, linkPath: `/auth/link/${token}` };
  });
}
