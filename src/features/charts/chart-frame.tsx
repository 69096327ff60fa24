/*
 * A chart's frame: its canvas at the analyst's visualization height, redrawn when its drawing
 * changes or the canvas is resized, clicks handed back as points, and the same numbers as a table
 * beside it (what screen readers read, and what tests check).
 */
import { useEffect, useRef, type ReactNode } from 'react';

interface ChartFrameProps {
  name: string;
  title: string;
  heightPx: number;
  draw: (canvas: HTMLCanvasElement) => void;
  onPoint?: (xPx: number, yPx: number, canvas: HTMLCanvasElement) => void;
  status?: ReactNode;
  controls?: ReactNode;
  table: { caption: string; columns: readonly string[]; rows: ReadonlyArray<readonly (string | number)[]> };
}

export function ChartFrame({ name, title, heightPx, draw, onPoint, status, controls, table }: ChartFrameProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    draw(canvas);
    const observer = new ResizeObserver(() => draw(canvas));
    observer.observe(canvas);
    return () => observer.disconnect();
  }, [draw]);
  return (
    <section aria-label={`Picture ${name}`} data-picture={name} className="flex min-w-0 flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-base font-semibold">{title}</h2>
        {controls}
      </div>
      <div className="relative">
        <canvas
          ref={canvasRef}
          aria-hidden="true"
          data-chart-canvas={name}
          className={`block w-full rounded-md border border-line bg-panel ${onPoint ? 'cursor-pointer' : ''}`}
          style={{ height: heightPx }}
          onClick={(event) => {
            const rect = event.currentTarget.getBoundingClientRect();
            onPoint?.(event.clientX - rect.left, event.clientY - rect.top, event.currentTarget);
          }}
        />
        {status ? (
          <p role="status" className="absolute inset-x-0 top-1/2 text-center text-muted">
            {status}
          </p>
        ) : null}
      </div>
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
                    <td key={cellIndex} className={`border-b border-line px-2 py-0.5 ${typeof cell === 'number' ? 'text-right font-mono' : ''}`}>
                      {typeof cell === 'number' ? cell.toLocaleString('en') : cell}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}
