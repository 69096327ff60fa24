/*
 * The boxes mode's colours and HAR request boxes: every colour is an index into one small palette
 * (the quad batch's texture), opaque and mixed with the background where the design has alpha.
 */
import { PHASE_COLORS, type HarPhase } from './har-phases.ts';
import { mixColor, parseHexColor, type Rgb } from './swimlane-colors.ts';
import type { SwimlaneTheme } from './swimlane-scene.ts';

const PHASES = Object.keys(PHASE_COLORS) as HarPhase[];

interface BoxPalette {
  colors: Rgb[];
  /** First index of the streams' group fills (the colour over the background at 55%). */
  groupFill: number;
  /** First index of the streams' HAR backgrounds (18%). */
  harBackground: number;
  /** First index of the HAR phase colours, in PHASES order. */
  phase: number;
  highlight: number;
}

/** Where boxes go: a rectangle in a palette colour (QuadBatch in the renderer). */
interface BoxTarget {
  rect(x: number, y: number, width: number, height: number, color: number): void;
}

export function boxPalette(theme: SwimlaneTheme): BoxPalette {
  const background = parseHexColor(theme.background);
  const streams = theme.streams.map(parseHexColor);
  const count = streams.length;
  const colors: Rgb[] = [
    ...streams,
    ...streams.map((color) => mixColor(background, color, 0.55)),
    ...streams.map((color) => mixColor(background, color, 0.18)),
    ...PHASES.map((phase) => parseHexColor(PHASE_COLORS[phase])),
    mixColor(background, parseHexColor(theme.selection), 0.6),
  ];
  return { colors, groupFill: count, harBackground: 2 * count, phase: 3 * count, highlight: 3 * count + PHASES.length };
}

/** A HAR request's box: the stream colour as a left edge, the phases as segments in time order. */
export function drawHarBox(
  target: BoxTarget,
  palette: BoxPalette,
  phases: ReadonlyArray<{ phase: HarPhase; ms: number }>,
  box: { x: number; y: number; width: number; height: number },
  stream: number,
): void {
  const { x, y, width, height } = box;
  const total = phases.reduce((sum, part) => sum + part.ms, 0);
  target.rect(x, y, width, height, palette.harBackground + stream);
  if (total > 0) {
    let top = y;
    for (const part of phases) {
      const h = (part.ms / total) * height;
      if (h > 0) target.rect(x + 3, top, width - 3, h, palette.phase + PHASES.indexOf(part.phase));
      top += h;
    }
  }
  target.rect(x, y, 3, height, stream);
}
