/*
 * The plain table of the list views (an incident's actors, streams, tags, annotations; an
 * organization's actors; the organizations): headed columns, each saying how its cell reads a row,
 * numbers to the right, and a row that says so when there is nothing to list.
 */
import type { Key, ReactNode } from 'react';
import { classNames } from './class-names.ts';

interface DataColumn<Row> {
  title: string;
  /** A column of buttons: its title read to screen readers only. */
  titleHidden?: boolean;
  /** Counts and sizes: right-aligned, so their digits line up. */
  numeric?: boolean;
  /** The look of this column's cells: muted, mono, truncated… */
  className?: string;
  cell: (row: Row) => ReactNode;
  /** The whole value on hover, for a cell that truncates it. */
  hint?: (row: Row) => string;
}

export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  rowProps,
  empty,
  label,
}: {
  columns: readonly DataColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
  /** Attributes a test or a style reads off a row (data-…). */
  rowProps?: (row: Row) => Record<`data-${string}`, string>;
  /** Shown in place of rows when there are none. */
  empty?: ReactNode;
  /** Names the table where no heading above it does. */
  label?: string;
}) {
  return (
    <div className="max-w-full overflow-x-auto">
      <table className="w-full border-collapse rounded-md border border-line bg-panel text-sm" aria-label={label}>
        <thead className="bg-raised text-left">
          <tr>
            {columns.map((column) => (
              <th key={column.title} className={column.numeric ? 'px-2 py-1.5 text-right' : 'px-2 py-1.5'}>
                {column.titleHidden ? <span className="sr-only">{column.title}</span> : column.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className="border-t border-line align-top" {...rowProps?.(row)}>
              {columns.map((column) => (
                <td
                  key={column.title}
                  title={column.hint?.(row)}
                  className={classNames('px-2 py-1', column.numeric && 'text-right tabular-nums', column.className)}
                >
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
          {rows.length === 0 && empty !== undefined ? (
            <tr>
              <td colSpan={columns.length} className="px-2 py-3 text-muted">
                {empty}
              </td>
            </tr>
          ) : null}
        </tbody>
      </table>
    </div>
  );
}
