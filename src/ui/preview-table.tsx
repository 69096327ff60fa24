/*
 * A dense table of what a file holds as read (an import's first and invalid rows, a map's points):
 * it scrolls within a bounded height and keeps its heading row in sight. Cells render as text.
 */
import type { ReactNode } from 'react';
import { classNames } from './class-names.ts';

export function PreviewTable({
  label,
  heads,
  tall = false,
  columnWidths,
  children,
}: {
  label: string;
  heads: readonly string[];
  /** The first rows get more room than the lists of refused ones beside them. */
  tall?: boolean;
  /** Fixed column widths (a class each, '' for the one that takes the rest), so long cells truncate in place. */
  columnWidths?: readonly string[];
  /** The body's rows. */
  children: ReactNode;
}) {
  return (
    <div className={classNames('overflow-auto rounded-md border border-line bg-panel', tall ? 'max-h-96' : 'max-h-64')}>
      <table className={classNames('w-full text-sm', columnWidths && 'table-fixed')} aria-label={label}>
        {columnWidths ? (
          <colgroup>
            {columnWidths.map((width, index) => (
              <col key={index} className={width || undefined} />
            ))}
          </colgroup>
        ) : null}
        <thead className="sticky top-0 border-b border-line bg-raised text-muted">
          <tr>
            {heads.map((head) => (
              <th key={head} className="px-2 py-1 text-left font-medium whitespace-nowrap">
                {head}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
