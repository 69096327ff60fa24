/*
 * The bins mode's texture: a pixel per column and row, coloured by its stream on a logarithmic ramp
 * from the background. Opaque colours mixed with the background, so no premultiplied-alpha traps;
 * pure, so the colours a count gets are tested without WebGL.
 */
import { binRamp, parseHexColor, RAMP_STEPS } from './swimlane-colors.ts';

interface BinCells {
  /** Events per cell, column-major (`rows` a column), as the layout's binView fills them. */
  counts: Uint32Array;
  /** The stream colour index of each cell. */
  colors: Uint8Array;
  columns: number;
  rows: number;
}

/** Fills `pixels` (RGBA, row-major, `columns` wide) from the cells' counts. */
export function fillBinPixels(
  pixels: Uint8Array,
  cells: BinCells,
  backgroundColor: string,
  streamColors: readonly string[],
): void {
  const { counts, colors, columns, rows } = cells;
  const total = columns * rows;
  let max = 1;
  for (let i = 0; i < total; i += 1) if ((counts[i] as number) > max) max = counts[i] as number;
  const background = parseHexColor(backgroundColor);
  const streams = streamColors.map(parseHexColor);
  const ramp = binRamp(background, streams);
  const scale = (RAMP_STEPS - 1) / Math.log1p(max);
  for (let c = 0; c < columns; c += 1) {
    for (let row = 0; row < rows; row += 1) {
      const count = counts[c * rows + row] as number;
      const at = (row * columns + c) * 4;
      if (count === 0) {
        pixels[at] = background[0];
        pixels[at + 1] = background[1];
        pixels[at + 2] = background[2];
      } else {
        const stream = (colors[c * rows + row] as number) % Math.max(1, streams.length);
        const from = (stream * RAMP_STEPS + Math.round(Math.log1p(count) * scale)) * 3;
        pixels[at] = ramp[from] as number;
        pixels[at + 1] = ramp[from + 1] as number;
        pixels[at + 2] = ramp[from + 2] as number;
      }
      pixels[at + 3] = 255;
    }
  }
}
