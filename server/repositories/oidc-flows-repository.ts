/*
 * An OpenID Connect sign-in in flight: the PKCE verifier, nonce and return address kept between the
 * redirect to the provider and its callback. Kept in the database, so any server process may answer.
 */
import type { Queryable } from '../db/database.ts';
import { nowMicros } from '../time.ts';

interface OidcFlow {
  code_verifier: string;
  nonce: string;
  return_to: string;
}

export async function insertOidcFlow(
  db: Queryable,
  state: string,
  flow: OidcFlow,
  expiresMicros: number,
): Promise<void> {
  await db.query(
    'INSERT INTO oidc_flows (state, code_verifier, nonce, return_to, expires_micros) VALUES ($1, $2, $3, $4, $5)',
    [state, flow.code_verifier, flow.nonce, flow.return_to, expiresMicros],
  );
}

/** The unexpired flow of `state`, taken: a callback replayed finds nothing. */
export async function takeOidcFlow(db: Queryable, state: string): Promise<OidcFlow | undefined> {
  const flows = await db.query<OidcFlow>(
    'DELETE FROM oidc_flows WHERE state = $1 AND expires_micros > $2 RETURNING code_verifier, nonce, return_to',
    [state, nowMicros()],
  );
  return flows[0];
}
