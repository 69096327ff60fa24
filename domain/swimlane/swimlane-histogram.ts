/* Events per bin over a time range: the swimlane minimap's picture of where the events are. */

export function histogram(startMicros: Float64Array, fromMicros: number, toMicros: number, bins: number): Uint32Array {
  const counts = new Uint32Array(bins);
  const span = Math.max(1, toMicros - fromMicros);
  for (let i = 0; i < startMicros.length; i += 1) {
    const start = startMicros[i] as number;
    if (start < fromMicros || start > toMicros) continue;
    (counts[Math.min(bins - 1, Math.floor(((start - fromMicros) / span) * bins))] as number) += 1;
  }
  return counts;
}
