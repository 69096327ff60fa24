/*
 * The map symbols of the spec (circle, airplane, rocket) drawn as small billboard images, turned by
 * heading, pitch and roll: the symbol's outline is rotated in 3D (roll, then pitch, then heading,
 * in east-north-up) and seen from above, so a climbing aircraft shortens and a banking one narrows.
 * The heading given is relative to the screen's up (symbol-layer.ts subtracts the camera's heading).
 */
import type { SYMBOLS } from '../../../domain/annotations.ts';
import type { Attitude } from '../../../domain/geo/track-attitude.ts';

export const SYMBOL_PIXELS = 48;

type Outline = readonly (readonly [number, number])[];
// (right, forward) in -1..1, nose towards +forward.

/** A symmetric outline from its right half, nose to tail: the left half is that half mirrored. */
function mirrored(rightHalf: Outline): Outline {
  const left = rightHalf
    .filter(([right]) => right !== 0)
    .map(([right, forward]) => [-right, forward] as const)
    .reverse();
  return [...rightHalf, ...left];
}

const AIRPLANE = mirrored([
  [0, 1],
  [0.1, 0.8],
  [0.1, 0.25],
  [0.95, -0.05],
  [0.95, -0.2],
  [0.1, -0.05],
  [0.08, -0.6],
  [0.35, -0.8],
  [0.35, -0.92],
  [0, -0.85],
]);
const ROCKET = mirrored([
  [0, 1],
  [0.18, 0.65],
  [0.18, -0.5],
  [0.45, -0.85],
  [0.45, -1],
  [0.12, -0.8],
]);
const CIRCLE: Outline = Array.from({ length: 24 }, (_, step) => {
  const angle = (step / 24) * 2 * Math.PI;
  return [0.55 * Math.cos(angle), 0.55 * Math.sin(angle)] as const;
});
const OUTLINES: Record<(typeof SYMBOLS)[number], Outline> = { circle: CIRCLE, airplane: AIRPLANE, rocket: ROCKET };

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The body's right and forward axes in east-north-up after roll, pitch and heading. */
function bodyAxes(attitude: Attitude): { right: [number, number, number]; forward: [number, number, number] } {
  const [h, p, r] = [radians(attitude.heading), radians(attitude.pitch), radians(attitude.roll)];
  // right = H·P·Rl·(1,0,0), forward = H·P·(0,1,0) (roll leaves the forward axis alone).
  const rightBody: [number, number, number] = [Math.cos(r), 0, -Math.sin(r)];
  const rightPitched: [number, number, number] = [
    rightBody[0],
    -Math.sin(p) * rightBody[2],
    Math.cos(p) * rightBody[2],
  ];
  const forwardPitched: [number, number, number] = [0, Math.cos(p), Math.sin(p)];
  const turn = (v: [number, number, number]): [number, number, number] => [
    Math.cos(h) * v[0] + Math.sin(h) * v[1],
    -Math.sin(h) * v[0] + Math.cos(h) * v[1],
    v[2],
  ];
  return { right: turn(rightPitched), forward: turn(forwardPitched) };
}

/** A canvas with the symbol in `colour`, outlined for contrast on any imagery. */
export function drawSymbol(
  symbol: (typeof SYMBOLS)[number],
  colour: string,
  attitude: Attitude,
  canvas: HTMLCanvasElement = document.createElement('canvas'),
): HTMLCanvasElement {
  canvas.width = SYMBOL_PIXELS;
  canvas.height = SYMBOL_PIXELS;
  const context = canvas.getContext('2d');
  if (!context) return canvas;
  const scale = SYMBOL_PIXELS * 0.45;
  const { right, forward } = bodyAxes(attitude);
  context.clearRect(0, 0, SYMBOL_PIXELS, SYMBOL_PIXELS);
  // Canvas x is east, canvas y is south: (u, v) ↦ centre + u·right + v·forward, seen from above.
  context.setTransform(
    right[0] * scale,
    -right[1] * scale,
    forward[0] * scale,
    -forward[1] * scale,
    SYMBOL_PIXELS / 2,
    SYMBOL_PIXELS / 2,
  );
  context.beginPath();
  OUTLINES[symbol].forEach(([u, v], index) => (index === 0 ? context.moveTo(u, v) : context.lineTo(u, v)));
  context.closePath();
  context.setTransform(1, 0, 0, 1, 0, 0);
  context.fillStyle = colour;
  context.fill();
  context.lineWidth = 2;
  context.strokeStyle = 'rgba(255,255,255,0.9)';
  context.stroke();
  return canvas;
}

/** Where the leader line starts: just outside the symbol. */
const LEADER_START_PX = 14;

/**
 * The leader line from a symbol to its label, as a billboard image centred on the symbol: a line
 * from the symbol's edge to `offset` (screen pixels, y down), dark under light so it reads on any imagery.
 */
export function drawLeader(
  offset: { x: number; y: number },
  canvas: HTMLCanvasElement = document.createElement('canvas'),
): HTMLCanvasElement {
  const halfWidth = Math.abs(offset.x) + 4;
  const halfHeight = Math.abs(offset.y) + 4;
  canvas.width = halfWidth * 2;
  canvas.height = halfHeight * 2;
  const context = canvas.getContext('2d');
  const length = Math.hypot(offset.x, offset.y);
  if (!context || length <= LEADER_START_PX) return canvas;
  const [ux, uy] = [offset.x / length, offset.y / length];
  context.beginPath();
  context.moveTo(halfWidth + ux * LEADER_START_PX, halfHeight + uy * LEADER_START_PX);
  context.lineTo(halfWidth + offset.x, halfHeight + offset.y);
  context.lineCap = 'round';
  context.strokeStyle = 'rgba(0,0,0,0.7)';
  context.lineWidth = 3;
  context.stroke();
  context.strokeStyle = 'rgba(255,255,255,0.95)';
  context.lineWidth = 1.25;
  context.stroke();
  return canvas;
}
