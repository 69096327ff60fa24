/*
 * Sending the outbox: oldest first, one at a time, each with its id as Idempotency-Key so a write
 * whose answer was lost is not applied twice when sent again. A network failure (or a server that
 * is down, busy or wants a new sign-in) stops the round, to be tried again later; a refusal (4xx)
 * is kept as failed for the analyst to retry or discard, and the round goes on with the next.
 */
import type { MirrorDatabase, OutboxRow } from '../mirror/mirror-database.ts';

type FailureKind = 'retry-later' | 'refused';

/** How a send failed. Told apart by name and status, not instanceof, so unit tests need no api client. */
function classifyFailure(error: unknown): FailureKind {
  const name = error instanceof Error ? error.name : '';
  if (name === 'NetworkError' || name === 'AbortError') return 'retry-later';
  const status = typeof error === 'object' && error !== null && 'status' in error ? Number((error as { status: unknown }).status) : NaN;
  if (!Number.isFinite(status) || status >= 500 || status === 401 || status === 408 || status === 429) return 'retry-later';
  const apiError = (error as { apiError?: { field?: string | null } }).apiError;
  // Another copy of this very write is being applied (another tab, a lost answer): ask again later.
  if (status === 409 && apiError?.field === 'Idempotency-Key' && /being applied/.test((error as Error).message)) return 'retry-later';
  return 'refused';
}

function failureMessage(error: unknown): string {
  const apiError = (error as { apiError?: { message?: string } }).apiError;
  if (apiError?.message) return apiError.message;
  return error instanceof Error ? error.message : String(error);
}

export interface FlushResult {
  sent: OutboxRow[];
  /** True when the round stopped at a write to try again later (offline, server down). */
  interrupted: boolean;
}

export async function flushOutboxWith(db: MirrorDatabase, send: (entry: OutboxRow) => Promise<void>): Promise<FlushResult> {
  const sent: OutboxRow[] = [];
  let after = 0;
  for (;;) {
    const entry = await db.outbox.where('seq').above(after).filter((row) => row.status === 'pending').first();
    if (!entry || entry.seq === undefined) return { sent, interrupted: false };
    const seq = entry.seq;
    after = seq;
    try {
      await send(entry);
      await db.outbox.delete(seq);
      sent.push(entry);
    } catch (error) {
      const message = failureMessage(error);
      if (classifyFailure(error) === 'retry-later') {
        await db.outbox.update(seq, { attempts: entry.attempts + 1, error: message });
        return { sent, interrupted: true };
      }
      if (entry.kind === 'audit') {
        // Spec section 8: an audit logging failure is logged only, with no effect for the analyst.
        console.error(`audit action ${entry.path} was refused: ${message}`);
        await db.outbox.delete(seq);
        continue;
      }
      await db.outbox.update(seq, { status: 'failed', attempts: entry.attempts + 1, error: message });
    }
  }
}
