/*
 * After the audit-write load: the writes autocannon cut off when its time ran out were sent but never
 * answered, so the server may or may not have stored them. The app's outbox sends such a write again
 * with the same Idempotency-Key until it is answered; this does the same, then reads the table.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from '../../../server/db/database.ts';
import type { AuditLedger } from './load-scenarios.ts';
import type { LoadTarget } from './load-target.ts';

export async function resendUnanswered(
  target: LoadTarget,
  ledger: AuditLedger,
): Promise<{ resent: number; refused: string[] }> {
  const path = `/api/audit/action/${encodeURIComponent(ledger.actionName)}`;
  const refused: string[] = [];
  let resent = 0;
  for (const [clientID, body] of ledger.sent) {
    if (ledger.answered.has(clientID)) continue;
    resent += 1;
    for (let attempt = 1; ; attempt += 1) {
      const response = await fetch(`${target.url}${path}`, {
        method: 'POST',
        headers: { ...target.headers, 'content-type': 'application/json', 'idempotency-key': clientID },
        body,
      });
      const text = await response.text();
      // 409: the first attempt is still being applied; the answer says to send it again.
      if (response.status === 409 && attempt < 20) {
        await sleep(500);
        continue;
      }
      if (response.ok) ledger.answered.add(clientID);
      else refused.push(`${clientID}: ${response.status} ${text}`);
      break;
    }
  }
  return { resent, refused };
}

/** Rows of audit_actions per clientID for one action name. */
export async function storedAuditCounts(db: Db, actionName: string): Promise<Map<string, number>> {
  const rows = await db.query<{ client_id: string | null; count: number }>(
    'SELECT client_id::text AS client_id, count(*)::int AS count FROM audit_actions WHERE action_name = $1 GROUP BY client_id',
    [actionName],
  );
  return new Map(rows.map((row) => [row.client_id ?? '(none)', row.count]));
}
