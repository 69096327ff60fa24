/*
 * Events per time bin across an incident, as the replaced density strip binned them (now only the baseline of bench/series-bench.ts): one pass over the
 * shown events, a typed array out. Times outside [start, end] fall into the end bins.
 */
export function densityBins(
  startTimes: (position: number) => number,
  positions: Uint32Array,
  start: number,
  end: number,
  binCount: number,
): Uint32Array {
  const bins = new Uint32Array(Math.max(1, binCount));
  const span = Math.max(1, end - start);
  const last = bins.length - 1;
  for (const position of positions) {
    const bin = Math.floor(((startTimes(position) - start) / span) * bins.length);
    const at = bin < 0 ? 0 : bin > last ? last : bin;
    bins[at] = (bins[at] ?? 0) + 1;
  }
  return bins;
}

/** The time at a fraction (0..1) of the way across [start, end], rounded to whole microseconds. */
export function timeAtFraction(start: number, end: number, fraction: number): number {
  const clamped = Math.min(1, Math.max(0, fraction));
  return Math.round(start + (end - start) * clamped);
}
