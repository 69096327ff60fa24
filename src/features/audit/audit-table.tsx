/* The entries of one audit page, newest first: UI actions or the server's data audit. */
import type { ReactNode } from 'react';
import type { AuditAction, DataAuditEntry } from '../../../domain/audit.ts';
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

function Cell({ children, mono }: { children: ReactNode; mono?: boolean }) {
  return <td className={`px-3 py-1.5 align-top ${mono ? 'max-w-md truncate font-mono text-sm' : ''}`}>{children}</td>;
}

function Head({ names }: { names: string[] }) {
  return (
    <thead className="border-b border-line text-sm text-muted">
      <tr>
        {names.map((name) => (
          <th key={name} className="px-3 py-2 text-left font-medium">
            {name}
          </th>
        ))}
      </tr>
    </thead>
  );
}

export function AuditTable({ page, timeZone }: { page: AuditPage; timeZone: string }) {
  if (page.entries.length === 0) return <p className="text-muted">No entries match.</p>;
  return (
    <div className="overflow-x-auto rounded-md border border-line bg-panel">
      <table className="w-full">
        {page.auditType === 'ui' ? (
          <>
            <Head names={['Time', 'Analyst', 'Action', 'Context', 'Value']} />
            <tbody>
              {page.entries.map((entry) => (
                <tr key={entry.id} className="border-b border-line last:border-b-0" data-audit-id={entry.id}>
                  <Cell>
                    <Timestamp micros={entry.timestamp} zone={timeZone} />
                  </Cell>
                  <Cell>{entry.analystName || `#${entry.analystID}`}</Cell>
                  <Cell>{entry.actionName}</Cell>
                  <Cell>{contextOf(entry)}</Cell>
                  <Cell mono>{json(entry.value)}</Cell>
                </tr>
              ))}
            </tbody>
          </>
        ) : (
          <>
            <Head names={['Time', 'Analyst', 'Action', 'Item', 'Detail']} />
            <tbody>
              {page.entries.map((entry: DataAuditEntry) => (
                <tr key={entry.id} className="border-b border-line last:border-b-0" data-audit-id={entry.id}>
                  <Cell>
                    <Timestamp micros={entry.timestamp} zone={timeZone} />
                  </Cell>
                  <Cell>{entry.analystName ?? (entry.analystID === null ? 'system' : `#${entry.analystID}`)}</Cell>
                  <Cell>{entry.action}</Cell>
                  <Cell>{entry.itemID === null ? entry.itemType : `${entry.itemType} ${entry.itemID}`}</Cell>
                  <Cell mono>{json(entry.detail)}</Cell>
                </tr>
              ))}
            </tbody>
          </>
        )}
      </table>
    </div>
  );
}
