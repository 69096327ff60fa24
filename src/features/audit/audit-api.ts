import { z } from 'zod';
import {
  AuditActionSchema,
  DataAuditEntrySchema,
  type AuditAction,
  type DataAuditEntry,
} from '../../../domain/audit.ts';
import { apiGet } from '../../data/api-client.ts';
import { auditQueryString, type AuditFilters } from './audit-filters.ts';

export type AuditPage =
  | { auditType: 'ui'; entries: AuditAction[]; nextBefore: number | null }
  | { auditType: 'data'; entries: DataAuditEntry[]; nextBefore: number | null };

const UiPageSchema = z.object({ actions: z.array(AuditActionSchema), nextBefore: z.number().int().nullable() });
const DataPageSchema = z.object({ entries: z.array(DataAuditEntrySchema), nextBefore: z.number().int().nullable() });

/** One page of UI actions or data audit entries, newest first. */
export async function fetchAuditPage(
  auditType: 'ui' | 'data',
  filters: AuditFilters,
  before: number | undefined,
  signal: AbortSignal,
): Promise<AuditPage> {
  if (auditType === 'ui') {
    const { itemType: _ignored, ...uiFilters } = filters;
    const page = await apiGet(`/api/audit/ui?${auditQueryString(uiFilters, before)}`, UiPageSchema, { signal });
    return { auditType, entries: page.actions, nextBefore: page.nextBefore };
  }
  const page = await apiGet(`/api/audit/data?${auditQueryString(filters, before)}`, DataPageSchema, { signal });
  return { auditType, entries: page.entries, nextBefore: page.nextBefore };
}
