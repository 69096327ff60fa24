/*
 * A step of work timed as a User Timing measure ("churchkey: …"), so a DevTools trace and the
 * benchmarks that drive the app (bench/swimlane-app-bench.ts) see how long it took on this device.
 * Costs two clock reads; works wherever `performance` does (browsers, workers, Node).
 */
export function measured<T>(name: string, run: () => T, detail: (result: T) => Record<string, unknown>): T {
  const started = performance.now();
  const result = run();
  performance.measure(`churchkey: ${name}`, { start: started, detail: detail(result) });
  return result;
}
