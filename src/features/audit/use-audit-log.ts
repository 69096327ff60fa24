/*
 * The audit log for one type and set of filters: the newest page first, older pages appended on
 * request (paging with `before`). Changing the filters starts over and cancels what was loading.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { isAbortError } from '../../data/api-client.ts';
import { fetchAuditPage, type AuditPage } from './audit-api.ts';
import type { AuditFilters } from './audit-filters.ts';

export type AuditLogState =
  | { status: 'loading' }
  | { status: 'loaded'; page: AuditPage; loadingOlder: boolean; olderFailed: boolean }
  | { status: 'failed'; message: string };

type Keyed = AuditLogState & { key: string };

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
  const [attempt, setAttempt] = useState(0);
  const filterKey = JSON.stringify(filters);
  // The answer belongs to one request; a newer request makes an older answer "loading" again.
  const key = `${auditType} ${filterKey} ${attempt}`;
  const [keyed, setKeyed] = useState<Keyed>({ status: 'loading', key: '' });
  const olderRequest = useRef<AbortController | undefined>(undefined);

  useEffect(() => {
    const controller = new AbortController();
    fetchAuditPage(auditType, JSON.parse(filterKey) as AuditFilters, undefined, controller.signal).then(
      (page) => setKeyed({ status: 'loaded', page, loadingOlder: false, olderFailed: false, key }),
      (error: unknown) => {
        if (controller.signal.aborted || isAbortError(error)) return;
        console.error('error loading the audit log', error);
        setKeyed({ status: 'failed', message: error instanceof Error ? error.message : String(error), key });
      },
    );
    return () => {
      controller.abort();
      olderRequest.current?.abort();
    };
  }, [auditType, filterKey, key]);

  const state: AuditLogState = keyed.key === key ? keyed : { status: 'loading' };

  const loadOlder = useCallback(() => {
    if (keyed.status !== 'loaded' || keyed.key !== key || keyed.loadingOlder || keyed.page.nextBefore === null) return;
    const before = keyed.page.nextBefore;
    const controller = new AbortController();
    olderRequest.current = controller;
    setKeyed({ ...keyed, loadingOlder: true, olderFailed: false });
    fetchAuditPage(auditType, JSON.parse(filterKey) as AuditFilters, before, controller.signal).then(
      (older) =>
        setKeyed((current) =>
          current.status === 'loaded' && current.key === key
            ? { ...current, page: append(current.page, older), loadingOlder: false }
            : current,
        ),
      (error: unknown) => {
        if (controller.signal.aborted || isAbortError(error)) return;
        console.error('error loading older audit entries', error);
        setKeyed((current) =>
          current.status === 'loaded' && current.key === key
            ? { ...current, loadingOlder: false, olderFailed: true }
            : current,
        );
      },
    );
  }, [keyed, key, auditType, filterKey]);

  const reload = useCallback(() => setAttempt((count) => count + 1), []);
  return { state, loadOlder, reload };
}
