/*
 * One load run: autocannon's connections on loopback against the server process for a fixed time,
 * with the server's memory read before and after. Counts are kept raw (requests, non-2xx, errors,
 * timeouts, status codes) so the test asserts on them; latencies and rates are only figures.
 */
import autocannon from 'autocannon';
import type { LoadScenario } from './load-scenarios.ts';
import type { LoadTarget, ProcessMemory } from './load-target.ts';

export interface LoadSize {
  connections: number;
  durationSeconds: number;
  /**
   * A request unanswered this long counts as a timeout (an error). The app sets no time limit of its
   * own (a read waits until its view closes), so this is set beyond the run: slow answers are measured.
   */
  timeoutSeconds: number;
}

export interface LoadFigures {
  database: string;
  scenario: string;
  request: string;
  connections: number;
  durationSeconds: number;
  /** Answers received. */
  requests: number;
  /** Requests still waiting for their answer when the run stopped (cut off, not failed). */
  unanswered: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  bytesPerSecond: number;
  memoryBefore: ProcessMemory;
  memoryAfter: ProcessMemory;
}

export async function runLoad(target: LoadTarget, scenario: LoadScenario, size: LoadSize): Promise<LoadFigures> {
  const memoryBefore = target.memory();
  const result = await autocannon({
    url: target.url,
    connections: size.connections,
    duration: size.durationSeconds,
    timeout: size.timeoutSeconds,
    headers: target.headers,
    requests: scenario.requests,
  });
  const memoryAfter = target.memory();
  const statusCodes = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => [code, stat.count ?? 0]));
  return {
    database: target.kind === 'pglite' ? 'PGlite' : 'PostgreSQL 15',
    scenario: scenario.name,
    request: scenario.request,
    connections: size.connections,
    durationSeconds: result.duration,
    requests: result.requests.total,
    unanswered: Math.max(0, result.requests.sent - result.requests.total),
    requestsPerSecond: result.requests.total / result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
    bytesPerSecond: result.throughput.average,
    memoryBefore,
    memoryAfter,
  };
}
