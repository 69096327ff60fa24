/*
 * The plain table of the list views (an incident's actors, streams, tags, annotations; an
 * organization's actors; the organizations): headed columns, numbers to the right, and a row that
 * says so when there is nothing to list.
 */
import type { ReactNode } from 'react';

interface DataColumn {
  title: string;
  /** Counts and sizes: right-aligned, so their digits line up. */
  numeric?: boolean;
}

export function DataTable({
  columns,
  empty,
  children,
}: {
  columns: readonly DataColumn[];
  /** Shown in place of rows: pass it only when there are none. */
  empty?: ReactNode;
  children: ReactNode;
}) {
  return (
    <table className="w-full border-collapse rounded-md border border-line bg-panel text-sm">
      <thead className="bg-raised text-left">
        <tr>
          {columns.map((column) => (
            <th key={column.title} className={column.numeric ? 'px-2 py-1.5 text-right' : 'px-2 py-1.5'}>
              {column.title}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {children}
        {empty !== undefined ? (
          <tr>
            <td colSpan={columns.length} className="px-2 py-3 text-muted">
              {empty}
            </td>
          </tr>
        ) : null}
      </tbody>
    </table>
  );
}
