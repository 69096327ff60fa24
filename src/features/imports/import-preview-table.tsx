/* The first parsed rows and the invalid rows, dense and as plain text (never HTML from the file). */
import type { ImportRecord, InvalidRow } from '../../../domain/import/import-record.ts';
import { PreviewTable } from '../../ui/preview-table.tsx';
import { Timestamp } from '../../ui/timestamp.tsx';

const TD = 'px-2 py-0.5 align-top';

export function FirstRowsTable({ rows, timeZone }: { rows: readonly ImportRecord[]; timeZone: string }) {
  if (rows.length === 0) return <p className="text-sm text-muted">No valid rows.</p>;
  return (
    <PreviewTable label="First rows" heads={['Line', 'Start', 'End', 'Actor', 'Message']} tall>
      {rows.map((row) => (
        <tr key={`${row.line}-${row.isMarker === true ? 'm' : 'e'}`} className="border-b border-line last:border-b-0">
          <td className={`${TD} text-muted tabular-nums`}>{row.line}</td>
          <td className={TD}>
            <Timestamp micros={row.startMicros} zone={timeZone} />
          </td>
          <td className={TD}>
            {row.endMicros === row.startMicros ? '' : <Timestamp micros={row.endMicros} zone={timeZone} />}
          </td>
          <td className={`${TD} whitespace-nowrap`}>{row.isMarker === true ? '(marker)' : row.actor}</td>
          <td className={`${TD} max-w-xl truncate font-mono`} title={row.message}>
            {row.message}
          </td>
        </tr>
      ))}
    </PreviewTable>
  );
}

export function InvalidRowsTable({ rows, label }: { rows: readonly InvalidRow[]; label: string }) {
  if (rows.length === 0) return null;
  return (
    <PreviewTable label={label} heads={['Line', 'Reason']}>
      {rows.map((row, index) => (
        <tr key={`${row.line}-${index}`} className="border-b border-line last:border-b-0">
          <td className={`${TD} text-muted tabular-nums`}>{row.line}</td>
          <td className={TD}>{row.reason}</td>
        </tr>
      ))}
    </PreviewTable>
  );
}
