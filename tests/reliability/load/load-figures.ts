/* The load runs as the markdown kept in bench/reliability/4-load.md: one table row per database and scenario. */
import type { LoadFigures } from './run-load.ts';

const mib = (bytes: number) => `${Math.round(bytes / 2 ** 20)}`;
const ms = (value: number) => (value >= 100 ? Math.round(value).toLocaleString('en-US') : value.toFixed(1));
const whole = (value: number) => Math.round(value).toLocaleString('en-US');

export interface LoadSetup {
  /** The incident loaded, e.g. 'a synthetic incident of 100,004 events (`npm run generate`)'. */
  incident: string;
  /** Lines said after the table (what the audit check found). */
  notes: readonly string[];
  connections: number;
  durationSeconds: number;
  timeoutSeconds: number;
}

export function loadMarkdown(runs: readonly LoadFigures[], setup: LoadSetup): string {
  const rows = runs.map((run) =>
    [
      run.database,
      run.scenario,
      run.connections,
      `${run.durationSeconds.toFixed(0)} s`,
      whole(run.requests),
      whole(run.unanswered),
      whole(run.requestsPerSecond),
      ms(run.p50Ms),
      ms(run.p99Ms),
      ms(run.maxMs),
      run.non2xx,
      run.errors,
      run.timeouts,
      `${mib(run.bytesPerSecond)}`,
      `${mib(run.memoryBefore.rssBytes)} → ${mib(run.memoryAfter.rssBytes)} (peak ${mib(run.memoryAfter.peakRssBytes)})`,
      `${run.settleSeconds.toFixed(0)} s`,
    ].join(' | '),
  );
  const requests = [...new Map(runs.map((run) => [run.scenario, run.request])).entries()].map(
    ([name, request]) => `- ${name}: \`${request}\``,
  );
  return [
    `### 4. Load: ${setup.connections} clients on the incident, events, search and audit writes`,
    '',
    `The real server process (\`node build/server/server.js\`) on PGlite (DATA_DIR on disk) and on PostgreSQL 15, holding ${setup.incident}, ` +
      `signed in as the first account with the primary analyst. autocannon 9 on loopback, in the test process, sends what the app sends (session cookie, X-Churchkey-Analyst) ` +
      `from ${setup.connections} connections for ${setup.durationSeconds} s per scenario, one scenario after another (not a mix), each connection waiting for its answer before the next request. ` +
      `The app sets no time limit on a request (a read waits until its view closes), so autocannon's timeout is ${setup.timeoutSeconds} s, beyond the run: ` +
      `a slow answer is measured, and requests still waiting when the run stopped are counted apart (cut off by the end of the run, not failed). The machine: 2 shared cores with other work running, client and server on the same cores, so the rates are a floor, not a capacity.`,
    '',
    ...requests,
    '',
    'Goal: 0 errors, 0 timeouts, 0 non-2xx answers (asserted); after the audit-write run every write answered 2xx is stored exactly once, and the writes cut off when the run stopped, ' +
      'sent again with the same Idempotency-Key as the outbox does, are stored once too (asserted: rows in audit_actions = distinct clientIDs sent). ' +
      "Latency p50/p99/max in ms; memory is the server process's RSS before → after the run (VmRSS; peak is VmHWM since the process started), MiB. " +
      '"Busy after": how long the server kept working once the run stopped, before the next run started (requests cut off by the end whose hang-up it had not yet read).',
    '',
    '| database | scenario | connections | duration | answers | waiting at stop | answers/s | p50 ms | p99 ms | max ms | non-2xx | errors | timeouts | MiB/s out | server RSS MiB | busy after |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows.map((row) => `| ${row} |`),
    '',
    "- A page of events is 10,000 events, about 2 MB of JSON: on this machine the server makes about one a second on PGlite (its rows are decoded in the server's own thread) and three on PostgreSQL, " +
      `so ${setup.connections} clients each wait their turn (server/plugins/read-queue.ts answers reads first come, first served, and drops those whose client left): slow, but every answer came, and none failed.`,
    ...setup.notes.map((note) => `- ${note}`),
  ].join('\n');
}
