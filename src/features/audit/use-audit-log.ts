/*
 * The audit log for one type and set of filters: the newest page first, older pages appended on
 * request (paging with `before`). Changing the filters starts over and cancels what was loading.
 */
import { useApiPages } from '../../data/use-api-pages.ts';
import { logFailure } from '../../data/use-api-read.ts';
import { fetchAuditPage, type AuditPage } from './audit-api.ts';
import type { AuditFilters } from './audit-filters.ts';

type AuditLogState =
  | { status: 'loading' }
  | { status: 'loaded'; page: AuditPage; loadingOlder: boolean; olderFailed: boolean }
  | { status: 'failed'; message: string };

function append(current: AuditPage, older: AuditPage): AuditPage {
  if (current.auditType === 'ui' && older.auditType === 'ui')
    return { ...older, entries: [...current.entries, ...older.entries] };
  if (current.auditType === 'data' && older.auditType === 'data')
    return { ...older, entries: [...current.entries, ...older.entries] };
  return older;
}

export function useAuditLog(
  auditType: 'ui' | 'data',
  filters: AuditFilters,
): { state: AuditLogState; loadOlder: () => void; reload: () => void } {
  const {
    state: read,
    more,
    loadMore,
    reload,
  } = useApiPages(`${auditType} ${JSON.stringify(filters)}`, async (signal, shown: AuditPage | undefined) => {
    if (shown === undefined)
      return fetchAuditPage(auditType, filters, undefined, signal).catch(
        logFailure('error loading the audit log', signal),
      );
    if (shown.nextBefore === null) return shown;
    const older = await fetchAuditPage(auditType, filters, shown.nextBefore, signal).catch(
      logFailure('error loading older audit entries', signal),
    );
    return append(shown, older);
  });

  let state: AuditLogState = { status: 'loading' };
  if (read.status === 'loaded')
    state = {
      status: 'loaded',
      page: read.value,
      loadingOlder: more.status === 'loading',
      olderFailed: more.status === 'failed',
    };
  else if (read.status === 'error')
    state = { status: 'failed', message: read.error instanceof Error ? read.error.message : String(read.error) };

  const loadOlder = () => {
    if (read.status === 'loaded' && read.value.nextBefore !== null) loadMore();
  };
  return { state, loadOlder, reload };
}
