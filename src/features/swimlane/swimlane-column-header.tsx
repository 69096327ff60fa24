/*
 * The swimlane's column names above the canvas: drag a name onto another to move it there (or
 * Alt+Arrow on a focused name), × hides the column. The order is the analyst's, kept per incident.
 * Each name sits over its column at the column's width and slides with the columns' sideways scroll.
 */
import { useState, type DragEvent } from 'react';
import { moveColumn, type SwimlaneColumn } from './swimlane-columns.ts';

interface SwimlaneColumnHeaderProps {
  columns: readonly SwimlaneColumn[];
  /** Where the first column starts (the y-axis is left of it). */
  leftPx: number;
  columnWidthPx: number;
  scrollPx: number;
  /** Every column id in order, hidden ones too, so moving keeps their places. */
  order: readonly number[];
  onReorder: (order: number[], dropPx: number) => void;
  onHide: (id: number) => void;
}

const DRAG_TYPE = 'application/x-churchkey-column';

export function SwimlaneColumnHeader({
  columns,
  leftPx,
  columnWidthPx,
  scrollPx,
  order,
  onReorder,
  onHide,
}: SwimlaneColumnHeaderProps) {
  const [dragOver, setDragOver] = useState<number | undefined>(undefined);
  const drop = (event: DragEvent, beforeID: number | undefined) => {
    event.preventDefault();
    setDragOver(undefined);
    const moved = Number(event.dataTransfer.getData(DRAG_TYPE));
    if (!Number.isInteger(moved) || moved === beforeID) return;
    const rect = event.currentTarget.parentElement?.getBoundingClientRect();
    onReorder(moveColumn(order, moved, beforeID), Math.round(event.clientX - (rect?.left ?? 0)));
  };
  return (
    // The margin, not padding: names scrolled left are clipped at the axis, never drawn over it.
    <div className="min-w-0 overflow-hidden" style={{ marginLeft: leftPx }}>
      <ul
        aria-label="Swimlane columns"
        className="flex items-stretch text-xs"
        style={{ transform: `translateX(${-scrollPx}px)` }}
      >
        {columns.map((column, index) => (
          <li
            key={column.id}
            draggable
            data-column-id={column.id}
            onDragStart={(event) => {
              event.dataTransfer.setData(DRAG_TYPE, String(column.id));
              event.dataTransfer.effectAllowed = 'move';
            }}
            onDragOver={(event) => {
              event.preventDefault();
              setDragOver(column.id);
            }}
            onDragLeave={() => setDragOver(undefined)}
            onDrop={(event) => drop(event, column.id)}
            style={{ width: columnWidthPx }}
            className={`flex shrink-0 cursor-move items-center gap-1 border-b-2 px-1 py-1 ${dragOver === column.id ? 'border-accent' : 'border-line'}`}
          >
            <button
              type="button"
              className="min-w-0 flex-1 truncate text-left font-medium"
              title={`${column.name}: drag to move, or Alt+Arrow keys`}
              onKeyDown={(event) => {
                if (!event.altKey || (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight')) return;
                event.preventDefault();
                const target = event.key === 'ArrowLeft' ? columns[index - 1] : columns[index + 2];
                if (event.key === 'ArrowLeft' && !target) return;
                onReorder(moveColumn(order, column.id, target?.id ?? nextAfter(order, columns, index)), 0);
              }}
            >
              {column.name}
            </button>
            <button
              type="button"
              aria-label={`Hide column ${column.name}`}
              className="shrink-0 rounded px-1 text-muted hover:bg-raised hover:text-ink"
              onClick={() => onHide(column.id)}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Moving the column at `index` one right when it is second to last: before whatever follows the last visible one. */
function nextAfter(order: readonly number[], columns: readonly SwimlaneColumn[], index: number): number | undefined {
  const last = columns[index + 1];
  if (!last) return undefined;
  const at = order.indexOf(last.id);
  return order[at + 1];
}
