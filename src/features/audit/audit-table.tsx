/* The entries of one audit page, newest first: UI actions or the server's data audit. */
import type { AuditAction, DataAuditEntry } from '../../../domain/audit.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { Timestamp } from '../../ui/timestamp.tsx';
import type { AuditPage } from './audit-api.ts';

const CONTEXT_FIELDS = ['organizationID', 'incidentID', 'eventID', 'streamID', 'mapID'] as const;

function contextOf(action: AuditAction): string {
  const parts = CONTEXT_FIELDS.flatMap((field) =>
    action[field] !== null ? [`${field.replace(/ID$/, '')} ${action[field]}`] : [],
  );
  return parts.join(', ');
}

function json(value: unknown): string {
  return value === null || value === undefined ? '' : JSON.stringify(value);
}

const MONO = 'max-w-md truncate font-mono';
const time = (zone: string) => (entry: { timestamp: number }) => <Timestamp micros={entry.timestamp} zone={zone} />;
const auditRow = (entry: { id: number }) => ({ 'data-audit-id': String(entry.id) });

export function AuditTable({ page, timeZone }: { page: AuditPage; timeZone: string }) {
  if (page.entries.length === 0) return <p className="text-muted">No entries match.</p>;
  return (
    <div className="overflow-x-auto">
      {page.auditType === 'ui' ? (
        <DataTable
          rows={page.entries}
          rowKey={(entry) => entry.id}
          rowProps={auditRow}
          columns={[
            { title: 'Time', cell: time(timeZone) },
            { title: 'Analyst', cell: (entry) => entry.analystName || `#${entry.analystID}` },
            { title: 'Action', cell: (entry) => entry.actionName },
            { title: 'Context', cell: contextOf },
            { title: 'Value', className: MONO, cell: (entry) => json(entry.value), hint: (entry) => json(entry.value) },
          ]}
        />
      ) : (
        <DataTable
          rows={page.entries}
          rowKey={(entry: DataAuditEntry) => entry.id}
          rowProps={auditRow}
          columns={[
            { title: 'Time', cell: time(timeZone) },
            {
              title: 'Analyst',
              cell: (entry) => entry.analystName ?? (entry.analystID === null ? 'system' : `#${entry.analystID}`),
            },
            { title: 'Action', cell: (entry) => entry.action },
            {
              title: 'Item',
              cell: (entry) => (entry.itemID === null ? entry.itemType : `${entry.itemType} ${entry.itemID}`),
            },
            {
              title: 'Detail',
              className: MONO,
              cell: (entry) => json(entry.detail),
              hint: (entry) => json(entry.detail),
            },
          ]}
        />
      )}
    </div>
  );
}
