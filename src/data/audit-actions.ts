/*
 * UI actions recorded through POST /api/audit/action/{name}. They go through the outbox (the spec's
 * background sync queue): recorded offline too, sent in order once, with a clientID the server
 * stores once. Best effort by design (spec section 8: a failure is logged only).
 */
import type { AuditActionBody } from '../../domain/audit.ts';
import { enqueueAuditAction } from './outbox/enqueue-write.ts';

export async function recordAuditAction(actionName: string, body: Omit<AuditActionBody, 'clientID' | 'clientTimestamp'> = {}): Promise<void> {
  try {
    await enqueueAuditAction(actionName, body);
  } catch (error) {
    console.error(`audit action "${actionName}" was not recorded`, error);
  }
}
