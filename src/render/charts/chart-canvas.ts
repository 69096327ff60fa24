/* A 2D context sized to the canvas's CSS box at the device's pixel ratio, cleared. */
export function chartContext(canvas: HTMLCanvasElement): { context: CanvasRenderingContext2D; widthPx: number; heightPx: number } | undefined {
  const context = canvas.getContext('2d');
  if (!context) return undefined;
  const ratio = window.devicePixelRatio || 1;
  const widthPx = canvas.clientWidth;
  const heightPx = canvas.clientHeight;
  if (canvas.width !== Math.round(widthPx * ratio) || canvas.height !== Math.round(heightPx * ratio)) {
    canvas.width = Math.round(widthPx * ratio);
    canvas.height = Math.round(heightPx * ratio);
  }
  context.setTransform(ratio, 0, 0, ratio, 0, 0);
  context.clearRect(0, 0, widthPx, heightPx);
  return { context, widthPx, heightPx };
}

/** Label text cut to fit `maxWidthPx`, with an ellipsis. */
export function fitText(context: CanvasRenderingContext2D, text: string, maxWidthPx: number): string {
  if (context.measureText(text).width <= maxWidthPx) return text;
  let low = 0;
  let high = text.length;
  while (low < high) {
    const middle = (low + high + 1) >>> 1;
    if (context.measureText(`${text.slice(0, middle)}…`).width <= maxWidthPx) low = middle;
    else high = middle - 1;
  }
  return `${text.slice(0, low)}…`;
}
