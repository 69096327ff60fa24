/* The first parsed rows and the invalid rows, dense and as plain text (never HTML from the file). */
import type { ImportRecord, InvalidRow } from '../../../domain/import/import-record.ts';
import { Timestamp } from '../../ui/timestamp.tsx';

const TH = 'px-2 py-1 text-left font-medium whitespace-nowrap';
const TD = 'px-2 py-0.5 align-top';

export function FirstRowsTable({ rows, timeZone }: { rows: readonly ImportRecord[]; timeZone: string }) {
  if (rows.length === 0) return <p className="text-sm text-muted">No valid rows.</p>;
  return (
    <div className="max-h-96 overflow-auto rounded-md border border-line bg-panel">
      <table className="w-full text-sm" aria-label="First rows">
        <thead className="sticky top-0 border-b border-line bg-raised text-muted">
          <tr>
            <th className={TH}>Line</th>
            <th className={TH}>Start</th>
            <th className={TH}>End</th>
            <th className={TH}>Actor</th>
            <th className={TH}>Message</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={`${row.line}-${row.isMarker === true ? 'm' : 'e'}`}
              className="border-b border-line last:border-b-0"
            >
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
        </tbody>
      </table>
    </div>
  );
}

export function InvalidRowsTable({ rows, label }: { rows: readonly InvalidRow[]; label: string }) {
  if (rows.length === 0) return null;
  return (
    <div className="max-h-64 overflow-auto rounded-md border border-line bg-panel">
      <table className="w-full text-sm" aria-label={label}>
        <thead className="sticky top-0 border-b border-line bg-raised text-muted">
          <tr>
            <th className={TH}>Line</th>
            <th className={TH}>Reason</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={`${row.line}-${index}`} className="border-b border-line last:border-b-0">
              <td className={`${TD} text-muted tabular-nums`}>{row.line}</td>
              <td className={TD}>{row.reason}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
