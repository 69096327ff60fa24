import { describe, expect, it } from 'vitest';
import { fillBinPixels } from './swimlane-bin-texture.ts';

const BACKGROUND = '#ffffff';
const STREAMS = ['#0071bf', '#e05a00'];

/** The RGBA of a cell of a `columns`-wide texture. */
const pixel = (pixels: Uint8Array, columns: number, column: number, row: number) =>
  Array.from(pixels.slice((row * columns + column) * 4, (row * columns + column) * 4 + 4));

describe('the swimlane bin texture', () => {
  // Two columns of three rows, counts column-major as the layout gives them.
  const counts = Uint32Array.from([0, 1, 1000, 10, 0, 0]);
  const colors = Uint8Array.from([0, 0, 0, 1, 1, 1]);
  const pixels = new Uint8Array(2 * 3 * 4);
  fillBinPixels(pixels, { counts, colors, columns: 2, rows: 3 }, BACKGROUND, STREAMS);

  it('leaves empty cells the background, opaque', () => {
    expect(pixel(pixels, 2, 0, 0)).toEqual([255, 255, 255, 255]);
    expect(pixel(pixels, 2, 1, 2)).toEqual([255, 255, 255, 255]);
  });

  it('gives the fullest cell its stream colour in full, and lone events a pale but visible shade', () => {
    expect(pixel(pixels, 2, 0, 2)).toEqual([0x00, 0x71, 0xbf, 255]);
    const lone = pixel(pixels, 2, 0, 1);
    // Paler than the full colour (closer to white) but clearly not the background.
    expect(lone[0]).toBeGreaterThan(0x00);
    expect(lone[0]).toBeLessThan(255);
    expect(lone[2]).toBeLessThan(255);
  });

  it('lays the column-major counts out as rows of the texture, in each cell’s stream colour', () => {
    const orange = pixel(pixels, 2, 1, 0);
    // The second column's first row holds 10 events of the orange stream: red above blue.
    expect(orange[0]).toBeGreaterThan(orange[2] as number);
    expect(pixel(pixels, 2, 1, 1)).toEqual([255, 255, 255, 255]);
  });

  it('wraps stream colour indexes past the palette', () => {
    const wrapped = new Uint8Array(4);
    fillBinPixels(
      wrapped,
      { counts: Uint32Array.from([5]), colors: Uint8Array.from([2]), columns: 1, rows: 1 },
      BACKGROUND,
      STREAMS,
    );
    expect(Array.from(wrapped)).toEqual([0x00, 0x71, 0xbf, 255]);
  });
});
