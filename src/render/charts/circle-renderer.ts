/* Circles laid out by the pack worker (actor-circle) and the incident graph's nodes and edges. */
import { readableTextColor } from '../../../domain/color/color-values.ts';
import { fitText } from './chart-canvas.ts';
import { hidpiContext } from '../hidpi-canvas.ts';

export interface PlacedCircle {
  x: number;
  y: number;
  r: number;
  label: string;
  color: string;
  /** Outlined circles are groups (humans, bots), not actors. */
  outline?: boolean;
}

interface CircleScene {
  circles: readonly PlacedCircle[];
  edges?: ReadonlyArray<{ from: number; to: number; weight: number }>;
  text: string;
  edge?: string;
  selected?: number;
  selection?: string;
}

export function renderCircles(canvas: HTMLCanvasElement, scene: CircleScene): void {
  const target = hidpiContext(canvas);
  if (!target) return;
  const { context } = target;
  if (scene.edges) {
    context.strokeStyle = scene.edge ?? scene.text;
    for (const edge of scene.edges) {
      const a = scene.circles[edge.from];
      const b = scene.circles[edge.to];
      if (!a || !b) continue;
      context.lineWidth = Math.min(6, 1 + edge.weight);
      context.globalAlpha = 0.5;
      context.beginPath();
      context.moveTo(a.x, a.y);
      context.lineTo(b.x, b.y);
      context.stroke();
    }
    context.globalAlpha = 1;
  }
  context.font = '11px system-ui, sans-serif';
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  scene.circles.forEach((circle, index) => {
    context.beginPath();
    context.arc(circle.x, circle.y, Math.max(1, circle.r), 0, Math.PI * 2);
    if (circle.outline) {
      context.strokeStyle = circle.color;
      context.lineWidth = 1;
      context.setLineDash([4, 3]);
      context.stroke();
      context.setLineDash([]);
      context.fillStyle = scene.text;
      context.fillText(circle.label, circle.x, circle.y - circle.r + 10);
      return;
    }
    context.fillStyle = circle.color;
    context.fill();
    if (index === scene.selected) {
      context.strokeStyle = scene.selection ?? scene.text;
      context.lineWidth = 3;
      context.stroke();
    }
    if (circle.r >= 14) {
      // Inside a filled circle the label takes whichever of black and white reads on its colour.
      context.fillStyle = readableTextColor(circle.color);
      context.fillText(fitText(context, circle.label, circle.r * 1.8), circle.x, circle.y);
    }
  });
}

/** The circle under a point (the smallest one wins, so actors beat their group). */
export function circleAt(circles: readonly PlacedCircle[], xPx: number, yPx: number): number | undefined {
  let best: number | undefined;
  circles.forEach((circle, index) => {
    if (circle.outline || Math.hypot(circle.x - xPx, circle.y - yPx) > circle.r) return;
    if (best === undefined || circle.r < (circles[best] as PlacedCircle).r) best = index;
  });
  return best;
}
