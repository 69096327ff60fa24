/* Timing, statistics and number formats shared by the benchmarks. */

export async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; millis: number }> {
  const started = performance.now();
  const value = await fn();
  return { value, millis: performance.now() - started };
}

/** The value below which `p` of the samples fall (nearest rank). */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
}

export const median = (samples: readonly number[]) => percentile(samples, 0.5);

export const thousands = (n: number) => Math.round(n).toLocaleString('en-US');
export const ms = (millis: number) =>
  millis >= 100 ? millis.toFixed(0) : millis >= 10 ? millis.toFixed(1) : millis.toFixed(2);
export const secs = (millis: number) => (millis / 1000).toFixed(millis >= 100_000 ? 0 : 1);
/** A duration with its unit: milliseconds below 10 s, else seconds. */
export const duration = (millis: number) => (millis < 10_000 ? `${ms(millis)} ms` : `${secs(millis)} s`);
/** "2.4x": how many times a exceeds b. */
export const ratio = (a: number, b: number) => `${(a / b).toFixed(a / b >= 10 ? 0 : 1)}x`;
/** "17x faster" or "1.3x slower": how a time compares with the reference's. */
export const versus = (millis: number, referenceMillis: number) =>
  millis <= referenceMillis ? `${ratio(referenceMillis, millis)} faster` : `${ratio(millis, referenceMillis)} slower`;

/** A Markdown table from a header row and body rows. */
export function table(header: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}
