/*
 * One load run: autocannon's connections on loopback against the server process for a fixed time,
 * with the server's memory read before and after. Counts are kept raw (requests, non-2xx, errors,
 * timeouts, status codes) so the test asserts on them; latencies and rates are only figures.
 */
import { setTimeout as sleep } from 'node:timers/promises';
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
  /** How long the server kept working after the run stopped (on requests it had not yet seen cut off). */
  settleSeconds: number;
}

const SETTLE_LIMIT_MS = 300_000;

/**
 * Waits until the server process is idle (under 5% of a core for a second), so the next run does not
 * pay for this one: a request the server had not read when its client hung up is still answered,
 * since the hang-up is only seen after the request (server/plugins/read-queue.ts).
 */
async function settle(target: LoadTarget): Promise<number> {
  const started = performance.now();
  let quiet = 0;
  while (quiet < 2 && performance.now() - started < SETTLE_LIMIT_MS) {
    const before = target.cpuSeconds();
    await sleep(500);
    quiet = target.cpuSeconds() - before < 0.025 ? quiet + 1 : 0;
  }
  return (performance.now() - started) / 1000;
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
  const settleSeconds = await settle(target);
  const statusCodes = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => [code, stat.count ?? 0]),
  );
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
    settleSeconds,
  };
}
