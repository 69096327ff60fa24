/* One-time sign-in links (the first start prints one): a link works once, before it expires. */
import type { Queryable } from '../db/database.ts';
import { hashToken } from '../auth/tokens.ts';
import { nowMicros } from '../time.ts';

/** Marks the link used and answers its user; undefined when it was used, expired or never made. */
export async function redeemSignInLink(db: Queryable, token: string): Promise<number | undefined> {
  const used = await db.query<{ user_id: number }>(
    `UPDATE sign_in_links SET used_micros = $2
      WHERE token_hash = $1 AND used_micros IS NULL AND expires_micros > $2 RETURNING user_id`,
    [hashToken(token), nowMicros()],
  );
  return used[0]?.user_id;
}
