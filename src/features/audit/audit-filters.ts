/*
 * The audit pages' filters as they travel in the URL's search (so a filtered view can be shared or
 * reloaded) and on to GET /api/audit/{ui|data}. Bad values are dropped rather than refused.
 */
import { z } from 'zod';

const Id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const Micros = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const Text = z.string().trim().min(1).max(200);

export const AuditFiltersSchema = z.object({
  analystID: Id.optional().catch(undefined),
  action: Text.optional().catch(undefined),
  itemType: Text.optional().catch(undefined),
  minTimestamp: Micros.optional().catch(undefined),
  maxTimestamp: Micros.optional().catch(undefined),
});
export type AuditFilters = z.infer<typeof AuditFiltersSchema>;

/** Entries per page; older ones come with `before` (the last id of the page before). */
const AUDIT_PAGE_SIZE = 50;

export function auditQueryString(filters: AuditFilters, before: number | undefined, limit = AUDIT_PAGE_SIZE): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) {
    if (value !== undefined && value !== '') query.set(name, String(value));
  }
  if (before !== undefined) query.set('before', String(before));
  query.set('limit', String(limit));
  return query.toString();
}
