/*
 * A 2D canvas drawn at the device's pixel ratio: the backing store sized to the CSS box times the
 * ratio, and the context scaled so drawing code works in CSS pixels. Every 2D picture starts here.
 */

interface HidpiContext {
  context: CanvasRenderingContext2D;
  widthPx: number;
  heightPx: number;
}

/** The canvas's context sized to its CSS box at the device's pixel ratio, cleared. */
export function hidpiContext(canvas: HTMLCanvasElement): HidpiContext | undefined {
  const context = canvas.getContext('2d');
  if (!context) return undefined;
  const ratio = window.devicePixelRatio || 1;
  const widthPx = canvas.clientWidth;
  const heightPx = canvas.clientHeight;
  // Resizing the backing store clears it and costs an allocation: only when the size changed.
  if (canvas.width !== Math.round(widthPx * ratio) || canvas.height !== Math.round(heightPx * ratio)) {
    canvas.width = Math.round(widthPx * ratio);
    canvas.height = Math.round(heightPx * ratio);
  }
  context.setTransform(ratio, 0, 0, ratio, 0, 0);
  context.clearRect(0, 0, widthPx, heightPx);
  return { context, widthPx, heightPx };
}
