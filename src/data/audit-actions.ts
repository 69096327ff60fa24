/*
 * UI actions recorded through POST /api/audit/action/{name}. Best effort by design (spec: audit
 * logging failures are logged only); the offline outbox will take over sending them.
 */
import { z } from 'zod';
import type { AuditActionBody } from '../../domain/audit.ts';
import { apiPost } from './api-client.ts';

export async function recordAuditAction(actionName: string, body: AuditActionBody = {}): Promise<void> {
  try {
    await apiPost(`/api/audit/action/${encodeURIComponent(actionName.trim())}`, body, z.unknown());
  } catch (error) {
    console.error(`audit action "${actionName}" was not recorded`, error);
  }
}
