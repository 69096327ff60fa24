/*
 * Horizontal bars, one row per label, each split into coloured segments (stacked): the actor-bar
 * chart (segments are streams) and the incident-bar chart (one segment).
 * Why canvas, not uPlot (assessed for issue 18): both are categorical, a named row per actor or
 * incident with its name beside the bar, and no time axis. uPlot is built around a numeric x scale;
 * it would need custom paths for horizontal stacks, categorical ticks and its cursor turned off,
 * and would add nothing the frame lacks (cards, keyboard, table, touch come from chart-frame.tsx).
 * This fills one rectangle a segment; uPlot stays for the time series.
 */
import { fitText } from './chart-canvas.ts';
import { hidpiContext } from '../hidpi-canvas.ts';

interface BarChartScene {
  rows: ReadonlyArray<{ label: string; segments: readonly number[] }>;
  colors: readonly string[];
  text: string;
  grid: string;
  /** The row drawn outlined (the chosen incident), if any. */
  selectedRow?: number;
  selection?: string;
}

export const BAR_LABEL_WIDTH_PX = 160;

export function renderBarChart(canvas: HTMLCanvasElement, scene: BarChartScene): void {
  const target = hidpiContext(canvas);
  if (!target) return;
  const { context, widthPx, heightPx } = target;
  const totals = scene.rows.map((row) => row.segments.reduce((sum, value) => sum + value, 0));
  const max = Math.max(1, ...totals);
  const rowPx = Math.min(28, heightPx / Math.max(1, scene.rows.length));
  const barWidthPx = widthPx - BAR_LABEL_WIDTH_PX - 64;
  context.font = '12px system-ui, sans-serif';
  context.textBaseline = 'middle';
  scene.rows.forEach((row, index) => {
    const y = index * rowPx;
    context.fillStyle = scene.text;
    context.textAlign = 'right';
    context.fillText(fitText(context, row.label, BAR_LABEL_WIDTH_PX - 8), BAR_LABEL_WIDTH_PX - 8, y + rowPx / 2);
    let x = BAR_LABEL_WIDTH_PX;
    row.segments.forEach((value, segment) => {
      const w = (value / max) * barWidthPx;
      context.fillStyle = scene.colors[segment % scene.colors.length] ?? scene.text;
      context.fillRect(x, y + 3, w, rowPx - 6);
      x += w;
    });
    if (index === scene.selectedRow) {
      context.strokeStyle = scene.selection ?? scene.text;
      context.lineWidth = 2;
      context.strokeRect(BAR_LABEL_WIDTH_PX - 1, y + 2, Math.max(4, x - BAR_LABEL_WIDTH_PX + 2), rowPx - 4);
    }
    context.fillStyle = scene.text;
    context.textAlign = 'left';
    context.fillText((totals[index] ?? 0).toLocaleString('en'), x + 6, y + rowPx / 2);
  });
  context.fillStyle = scene.grid;
  context.fillRect(BAR_LABEL_WIDTH_PX - 1, 0, 1, rowPx * scene.rows.length);
}

/** The row under a point, for clicks. */
export function barRowAt(canvas: HTMLCanvasElement, rowCount: number, yPx: number): number | undefined {
  const rowPx = Math.min(28, canvas.clientHeight / Math.max(1, rowCount));
  const row = Math.floor(yPx / rowPx);
  return row >= 0 && row < rowCount ? row : undefined;
}
