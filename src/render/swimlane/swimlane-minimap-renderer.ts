/*
 * The swimlane's minimap: where the incident's events are over its whole time range (time flowing
 * down, bars to the right), the window the swimlane shows, the secondary window and the markers.
 * A plain 2D canvas: it draws at most one bar per pixel row whatever the event count.
 */
import { hidpiContext } from '../hidpi-canvas.ts';
import type { TimeWindow } from './swimlane-window.ts';

interface MinimapScene {
  bins: Uint32Array;
  bounds: TimeWindow;
  window: TimeWindow;
  secondary: TimeWindow | null;
  markerMicros: readonly number[];
  barColor: string;
  windowColor: string;
  secondaryColor: string;
  markerColor: string;
}

export function renderMinimap(canvas: HTMLCanvasElement, scene: MinimapScene): void {
  const drawing = hidpiContext(canvas);
  if (!drawing) return;
  const { context, widthPx, heightPx } = drawing;
  const span = Math.max(1, scene.bounds.toMicros - scene.bounds.fromMicros);
  const yOf = (micros: number) => ((micros - scene.bounds.fromMicros) / span) * heightPx;
  let max = 0;
  for (const count of scene.bins) if (count > max) max = count;
  const rowPx = heightPx / Math.max(1, scene.bins.length);
  context.fillStyle = scene.barColor;
  if (max > 0) {
    scene.bins.forEach((count, index) => {
      if (count === 0) return;
      // A square root keeps a lone event visible beside a burst of thousands.
      context.fillRect(
        0,
        index * rowPx,
        Math.max(1, Math.sqrt(count / max) * (widthPx - 2)),
        Math.max(1, rowPx - 0.25),
      );
    });
  }
  context.fillStyle = scene.markerColor;
  for (const micros of scene.markerMicros) context.fillRect(0, Math.round(yOf(micros)), widthPx, 1);
  const band = (window: TimeWindow, color: string) => {
    const top = yOf(window.fromMicros);
    const height = Math.max(3, yOf(window.toMicros) - top);
    context.strokeStyle = color;
    context.lineWidth = 2;
    // Offset by 1 so the 2px outline stays inside the canvas at the edges.
    context.strokeRect(1, Math.max(1, top), widthPx - 2, Math.min(heightPx - 2, height));
  };
  if (scene.secondary) band(scene.secondary, scene.secondaryColor);
  band(scene.window, scene.windowColor);
}
