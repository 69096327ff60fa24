/*
 * /audit/ui and /audit/data: the UI actions the app reported, and the server's record of every
 * write, with filters and older pages. Non-administrators see their own entries (the server says so).
 */
import { linkOptions } from '@tanstack/react-router';
import { UI_ACTION_NAMES } from '../../../domain/ui-action-names.ts';
import { Button } from '../../ui/button.tsx';
import { LinkTabs } from '../../ui/link-tabs.tsx';
import { Page } from '../../ui/page.tsx';
import { useTimeZoneReady } from '../../ui/timestamp.tsx';
import { AuditFilterForm, type AuditAnalystOption } from './audit-filter-form.tsx';
import type { AuditFilters } from './audit-filters.ts';
import { AuditTable } from './audit-table.tsx';
import { useAuditLog } from './use-audit-log.ts';

interface AuditScreenProps {
  auditType: 'ui' | 'data';
  filters: AuditFilters;
  onFiltersChange: (filters: AuditFilters) => void;
  analysts: AuditAnalystOption[];
  isAdmin: boolean;
  timeZone: string;
}

const TABS = [
  { auditType: 'ui', label: 'UI actions' },
  { auditType: 'data', label: 'Data changes' },
] as const;

export function AuditScreen({ auditType, filters, onFiltersChange, analysts, isAdmin, timeZone }: AuditScreenProps) {
  const { state, loadOlder, reload } = useAuditLog(auditType, filters);
  // The form reads its times in the zone; it starts again once the zone's rules have loaded.
  const zoneReady = useTimeZoneReady(timeZone);
  // The UI actions the screens can record (one list, domain/ui-action-names.ts) plus those seen here.
  const seenActions =
    state.status === 'loaded'
      ? state.page.entries.map((entry) => ('actionName' in entry ? entry.actionName : entry.action))
      : [];
  const knownActions = [...new Set([...(auditType === 'ui' ? UI_ACTION_NAMES : []), ...seenActions])].sort();

  return (
    <Page title="Audit logs">
      <LinkTabs
        label="Audit logs"
        groups={[
          TABS.map((tab) => ({
            label: tab.label,
            current: tab.auditType === auditType,
            link: linkOptions({ to: '/audit/$auditType', params: { auditType: tab.auditType } }),
          })),
        ]}
      />
      <AuditFilterForm
        key={`${auditType} ${JSON.stringify(filters)} ${zoneReady}`}
        auditType={auditType}
        filters={filters}
        onApply={onFiltersChange}
        analysts={analysts}
        canChooseAnalyst={isAdmin}
        knownActions={knownActions}
        timeZone={timeZone}
      />
      {state.status === 'loading' ? (
        <p role="status" className="text-muted">
          Loading audit entries
        </p>
      ) : state.status === 'failed' ? (
        <div role="alert" className="flex items-center gap-2">
          <p>The audit log could not be loaded.</p>
          <Button onClick={reload}>Try again</Button>
        </div>
      ) : (
        <>
          <AuditTable page={state.page} timeZone={timeZone} />
          <div className="flex items-center gap-3">
            {state.page.entries.length > 0 ? (
              <span className="text-sm text-muted">
                {state.page.entries.length === 1 ? '1 entry shown' : `${state.page.entries.length} entries shown`}
              </span>
            ) : null}
            {state.page.nextBefore !== null ? (
              <Button onClick={loadOlder} disabled={state.loadingOlder}>
                {state.loadingOlder ? 'Loading older entries…' : 'Load older entries'}
              </Button>
            ) : null}
            {state.olderFailed ? (
              <span role="alert" className="text-danger">
                Older entries could not be loaded.
              </span>
            ) : null}
          </div>
        </>
      )}
    </Page>
  );
}
