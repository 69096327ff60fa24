/* Chart labels on a 2D canvas (the canvas itself is set up by ../hidpi-canvas.ts). */

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
