/* A chart's numbers as a table under it: what screen readers read, and what tests check. */

export interface ChartTableContent {
  caption: string;
  columns: readonly string[];
  rows: ReadonlyArray<readonly (string | number)[]>;
}

export function ChartTable({ table }: { table: ChartTableContent }) {
  return (
    <details className="text-sm" open>
      <summary className="cursor-pointer text-muted">{table.caption}</summary>
      <div className="max-h-64 overflow-auto">
        <table className="w-full text-left text-xs" aria-label={table.caption}>
          <thead>
            <tr>
              {table.columns.map((column) => (
                <th key={column} scope="col" className="border-b border-line px-2 py-1 font-medium">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row, index) => (
              <tr key={index}>
                {row.map((cell, cellIndex) => (
                  <td
                    key={cellIndex}
                    className={`border-b border-line px-2 py-0.5 ${typeof cell === 'number' ? 'text-right font-mono' : ''}`}
                  >
                    {typeof cell === 'number' ? cell.toLocaleString('en') : cell}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
