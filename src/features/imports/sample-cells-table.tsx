/* The file's first rows as raw cells under their column names, each mapped column marked with its role. */
import type { ColumnRole, MappingDraft } from './import-settings-draft.ts';
import { COLUMN_ROLES } from './import-settings-draft.ts';

const CELL = 'max-w-60 truncate px-2 py-0.5 whitespace-nowrap';

export function SampleCellsTable({
  columns,
  rows,
  mapping,
}: {
  columns: readonly string[];
  rows: readonly (readonly string[])[];
  mapping: MappingDraft;
}) {
  if (rows.length === 0) return null;
  const roleOf = (index: number): string | undefined => {
    const found = COLUMN_ROLES.find(({ role }) => mapping[role as ColumnRole] === index);
    return found?.label.toLowerCase();
  };
  const width = Math.max(columns.length, ...rows.map((row) => row.length));
  return (
    <div className="max-h-64 overflow-auto rounded-md border border-line bg-panel">
      <table className="text-sm" aria-label="File as read">
        <thead className="sticky top-0 border-b border-line bg-raised text-muted">
          <tr>
            {Array.from({ length: width }, (_, index) => (
              <th key={index} scope="col" className={`${CELL} text-left font-medium`} data-role={roleOf(index)}>
                <span className="block">{columns[index] ?? `column ${index + 1}`}</span>
                {roleOf(index) ? <span className="block text-xs font-normal text-accent">{roleOf(index)}</span> : null}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="font-mono">
          {rows.map((row, rowIndex) => (
            <tr key={rowIndex} className="border-b border-line last:border-b-0">
              {Array.from({ length: width }, (_, index) => (
                <td key={index} className={CELL} title={row[index]}>
                  {row[index] ?? ''}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
