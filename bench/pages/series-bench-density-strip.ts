/*
 * The hand-drawn canvas density strip the events-over-time series replaced (was
 * src/render/density-strip-renderer.ts), kept only as a baseline of bench/series-bench.ts (its page is series-bench-page.ts): a bar per
 * bin scaled to the fullest, and the list's window as an outlined band.
 */
import { hidpiContext } from '../../src/render/hidpi-canvas.ts';

export interface DensityStripScene {
  bins: Uint32Array;
  /** The visible window as fractions (0..1) of the strip's width. */
  window: { from: number; to: number } | undefined;
  barColor: string;
  windowColor: string;
}

export function renderDensityStrip(canvas: HTMLCanvasElement, scene: DensityStripScene): void {
  const drawing = hidpiContext(canvas);
  if (!drawing) return;
  const { context, widthPx, heightPx } = drawing;
  let max = 0;
  for (const count of scene.bins) if (count > max) max = count;
  const barWidthPx = widthPx / scene.bins.length;
  context.fillStyle = scene.barColor;
  if (max > 0) {
    scene.bins.forEach((count, index) => {
      if (count === 0) return;
      // A square root keeps a lone event visible beside a burst of thousands.
      const barHeightPx = Math.max(1, Math.sqrt(count / max) * (heightPx - 2));
      context.fillRect(index * barWidthPx, heightPx - barHeightPx, Math.max(1, barWidthPx - 0.5), barHeightPx);
    });
  }
  if (scene.window) {
    const fromPx = scene.window.from * widthPx;
    const toPx = Math.max(fromPx + 2, scene.window.to * widthPx);
    context.strokeStyle = scene.windowColor;
    context.lineWidth = 1.5;
    // Offset by 0.75 so the 1.5px outline stays inside the canvas and crisp.
    context.strokeRect(fromPx + 0.75, 0.75, toPx - fromPx - 1.5, heightPx - 1.5);
  }
}
