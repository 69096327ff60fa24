/* Colour arithmetic for the swimlane's bin texture, which holds opaque RGB bytes. */

export type Rgb = readonly [number, number, number];

export function parseHexColor(color: string): Rgb {
  const match = /^#?([0-9a-f]{6})$/i.exec(color.trim());
  if (!match) return [128, 128, 128];
  const value = Number.parseInt(match[1] as string, 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

/** `from` moved toward `to` by `amount` (0..1). */
export function mixColor(from: Rgb, to: Rgb, amount: number): Rgb {
  const t = Math.max(0, Math.min(1, amount));
  return [
    Math.round(from[0] + (to[0] - from[0]) * t),
    Math.round(from[1] + (to[1] - from[1]) * t),
    Math.round(from[2] + (to[2] - from[2]) * t),
  ];
}

/** Intensity steps of the bin colours: a cell's colour is looked up, not mixed, per frame. */
export const RAMP_STEPS = 64;

/**
 * RGB bytes for each stream colour at RAMP_STEPS intensities (35% to 100% of the colour over the
 * background), stream-major: the bin texture's cells read from it.
 */
export function binRamp(background: Rgb, streams: readonly Rgb[]): Uint8Array {
  const ramp = new Uint8Array(Math.max(1, streams.length) * RAMP_STEPS * 3);
  streams.forEach((stream, s) => {
    for (let step = 0; step < RAMP_STEPS; step += 1) {
      const mixed = mixColor(background, stream, 0.35 + (0.65 * step) / (RAMP_STEPS - 1));
      ramp.set(mixed, (s * RAMP_STEPS + step) * 3);
    }
  });
  return ramp;
}
