/*
 * The swimlane's frame as it is on screen: the canvas's pixels as a PNG (lossless, so the picture a
 * reopen shows is the frame itself) and the HTML labels the renderer placed over it (ticks, markers,
 * group counts), kept as text and position only.
 */
import type { SwimlaneRenderer } from './swimlane-renderer.ts';

interface CapturedLabel {
  className: string;
  text: string;
  transform: string;
  color: string;
  maxWidth: string;
}

interface CapturedFrame {
  png: Blob;
  labels: CapturedLabel[];
}

/** Draws the renderer's frame again and reads it; undefined when the canvas gives no pixels. */
export function captureSwimlaneFrame(renderer: SwimlaneRenderer): Promise<CapturedFrame | undefined> {
  const { canvas, labels: layer } = renderer.drawForCapture();
  const labels: CapturedLabel[] = [];
  for (const node of Array.from(layer.querySelectorAll<HTMLElement>(':scope > div'))) {
    if (node.hidden || !node.textContent) continue;
    labels.push({
      className: node.className,
      text: node.textContent,
      transform: node.style.transform,
      color: node.style.color,
      maxWidth: node.style.maxWidth,
    });
  }
  // NOTE: toBlob copies the bitmap as it is called, in the task that drew it (no preserveDrawingBuffer).
  return new Promise((resolve) => canvas.toBlob((png) => resolve(png ? { png, labels } : undefined), 'image/png'));
}
