/*
 * The event timeline as a PNG: the rows in view drawn onto a canvas in the page's colours (time,
 * offset, stream colour, actor, message, tags; markers as full-width bands). A plain function, so
 * the picture's export needs no screenshot of the DOM.
 */
interface PngTimelineRow {
  time: string;
  offset: string;
  actor: string;
  message: string;
  tags: string;
  color: string;
  isMarker: boolean;
  highlighted: boolean;
}

interface PngTheme {
  background: string;
  ink: string;
  muted: string;
  line: string;
  accent: string;
  highlight: string;
}

const ROW_HEIGHT_PX = 26;
const PADDING_PX = 12;

function fit(context: CanvasRenderingContext2D, text: string, widthPx: number): string {
  if (context.measureText(text).width <= widthPx) return text;
  let low = 0;
  let high = text.length;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (context.measureText(`${text.slice(0, middle)}…`).width <= widthPx) low = middle;
    else high = middle - 1;
  }
  return `${text.slice(0, low)}…`;
}

export function renderTimelinePng(
  title: string,
  rows: readonly PngTimelineRow[],
  widthPx: number,
  theme: PngTheme,
): Promise<Blob> {
  const canvas = document.createElement('canvas');
  const ratio = 2;
  const heightPx = PADDING_PX * 2 + 28 + rows.length * ROW_HEIGHT_PX;
  canvas.width = widthPx * ratio;
  canvas.height = heightPx * ratio;
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new Error('no 2D canvas'));
  context.scale(ratio, ratio);
  context.fillStyle = theme.background;
  context.fillRect(0, 0, widthPx, heightPx);
  context.textBaseline = 'middle';
  context.font = '600 15px system-ui, sans-serif';
  context.fillStyle = theme.ink;
  context.fillText(fit(context, title, widthPx - PADDING_PX * 2), PADDING_PX, PADDING_PX + 10);
  rows.forEach((row, index) => {
    const top = PADDING_PX + 28 + index * ROW_HEIGHT_PX;
    const middle = top + ROW_HEIGHT_PX / 2;
    if (row.isMarker || row.highlighted) {
      context.fillStyle = row.isMarker ? theme.accent : theme.highlight;
      context.globalAlpha = row.isMarker ? 0.15 : 1;
      context.fillRect(0, top, widthPx, ROW_HEIGHT_PX);
      context.globalAlpha = 1;
    }
    context.fillStyle = theme.line;
    context.fillRect(0, top + ROW_HEIGHT_PX - 1, widthPx, 1);
    context.font = '12px ui-monospace, monospace';
    context.fillStyle = theme.muted;
    context.fillText(row.time, PADDING_PX, middle);
    context.fillText(row.offset, PADDING_PX + 190, middle);
    if (row.isMarker) {
      context.font = '600 13px system-ui, sans-serif';
      context.fillStyle = theme.ink;
      context.fillText(fit(context, `◆ ${row.message}`, widthPx - 320), PADDING_PX + 300, middle);
      return;
    }
    context.fillStyle = row.color;
    context.fillRect(PADDING_PX + 290, top + 7, 5, ROW_HEIGHT_PX - 14);
    context.font = '600 13px system-ui, sans-serif';
    context.fillStyle = theme.ink;
    context.fillText(fit(context, row.actor, 140), PADDING_PX + 302, middle);
    context.font = '13px system-ui, sans-serif';
    const tagsWidthPx = row.tags ? Math.min(220, context.measureText(row.tags).width + 8) : 0;
    context.fillText(fit(context, row.message, widthPx - PADDING_PX * 2 - 452 - tagsWidthPx), PADDING_PX + 452, middle);
    if (row.tags) {
      context.fillStyle = theme.muted;
      context.fillText(fit(context, row.tags, 220), widthPx - PADDING_PX - tagsWidthPx + 8, middle);
    }
  });
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('the PNG could not be made'))), 'image/png'),
  );
}
