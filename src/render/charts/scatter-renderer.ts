/*
 * The actor-scatter chart: a row per actor, time to the right, a dot per event. Events arrive
 * binned per pixel column, so drawing costs actors × width, however many events there are; a bin
 * with more events draws a stronger dot.
 */
import { fitText } from './chart-canvas.ts';
import { hidpiContext } from '../hidpi-canvas.ts';

interface ScatterScene {
  labels: readonly string[];
  /** labels.length × bins, row-major. */
  grid: Uint32Array;
  bins: number;
  colors: readonly string[];
  text: string;
  gridLine: string;
  axis: ReadonlyArray<{ fraction: number; label: string }>;
  /** The selected event, ringed: its actor's row and its time as a fraction of the axis. */
  selected?: { row: number; fraction: number } | undefined;
  selection?: string;
}

const SCATTER_LABEL_WIDTH_PX = 160;
const AXIS_HEIGHT_PX = 20;
const RIGHT_PAD_PX = 8;

interface ScatterGeometry {
  plotLeftPx: number;
  plotWidthPx: number;
  rowPx: number;
}

/** Where rows and times are drawn: shared by drawing and by pointer and keyboard targets. */
export function scatterGeometry(widthPx: number, heightPx: number, rowCount: number): ScatterGeometry {
  return {
    plotLeftPx: SCATTER_LABEL_WIDTH_PX,
    plotWidthPx: Math.max(1, widthPx - SCATTER_LABEL_WIDTH_PX - RIGHT_PAD_PX),
    rowPx: (heightPx - AXIS_HEIGHT_PX) / Math.max(1, rowCount),
  };
}

export function renderScatter(canvas: HTMLCanvasElement, scene: ScatterScene): void {
  const target = hidpiContext(canvas);
  if (!target) return;
  const { context, widthPx, heightPx } = target;
  const { rowPx, plotWidthPx: plotWidth } = scatterGeometry(widthPx, heightPx, scene.labels.length);
  let max = 1;
  for (const count of scene.grid) if (count > max) max = count;
  context.font = '12px system-ui, sans-serif';
  context.textBaseline = 'middle';
  scene.labels.forEach((label, row) => {
    const y = row * rowPx + rowPx / 2;
    context.fillStyle = scene.text;
    context.textAlign = 'right';
    context.fillText(fitText(context, label, SCATTER_LABEL_WIDTH_PX - 8), SCATTER_LABEL_WIDTH_PX - 8, y);
    context.fillStyle = scene.gridLine;
    context.fillRect(SCATTER_LABEL_WIDTH_PX, Math.round(y), plotWidth, 1);
    context.fillStyle = scene.colors[row % scene.colors.length] ?? scene.text;
    const radius = Math.max(1.5, Math.min(4, rowPx / 4));
    for (let bin = 0; bin < scene.bins; bin += 1) {
      const count = scene.grid[row * scene.bins + bin] as number;
      if (count === 0) continue;
      context.globalAlpha = 0.45 + (0.55 * Math.log1p(count)) / Math.log1p(max);
      context.beginPath();
      context.arc(SCATTER_LABEL_WIDTH_PX + ((bin + 0.5) / scene.bins) * plotWidth, y, radius, 0, Math.PI * 2);
      context.fill();
    }
    context.globalAlpha = 1;
  });
  if (scene.selected) {
    const { row, fraction } = scene.selected;
    context.strokeStyle = scene.selection ?? scene.text;
    context.lineWidth = 2;
    context.beginPath();
    context.arc(
      SCATTER_LABEL_WIDTH_PX + fraction * plotWidth,
      row * rowPx + rowPx / 2,
      Math.max(6, Math.min(9, rowPx / 2)),
      0,
      Math.PI * 2,
    );
    context.stroke();
  }
  context.fillStyle = scene.text;
  context.textAlign = 'center';
  context.font = '10px ui-monospace, monospace';
  for (const tick of scene.axis)
    context.fillText(tick.label, SCATTER_LABEL_WIDTH_PX + tick.fraction * plotWidth, heightPx - 8);
}
