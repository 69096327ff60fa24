/*
 * What the two-servers load did (tests/reliability/two-servers-proxy.test.ts): each write's answer
 * set against how many times the database stored it, and the figures of bench/reliability/5-two-servers.md.
 */
import type { WriteOutcome } from './keyed-write-load.ts';
import type { ProxyLogEntry, ProxyStats } from './round-robin-proxy.ts';

export interface LoadTally {
  sent: number;
  accepted: number;
  /** Still answered "being applied" when the load stopped asking (their server was killed after committing). */
  pending: number;
  refused: number;
  refusals: string[];
  storedOnce: number;
  /** Markers of writes not refused yet never stored. */
  lost: string[];
  /** Markers stored more than once. */
  doubled: string[];
  /** Writes accepted through each upstream, by whether their last attempt started before the killed process exited. */
  acceptedBeforeKill: number[];
  acceptedAfterKill: number[];
  /** Writes resent by the proxy because the killed server lost their answer or refused them. */
  resentAfterLoss: number;
  resentAfterRefusal: number;
  /** Writes the client itself had to send again (dropped connection, 5xx) or ask about again (409 being applied). */
  clientResent: number;
  beingApplied: number;
  /** Of those, answered in the end (once the key's grace ran out: 200 "applied"). */
  beingAppliedAnswered: number;
  replayed: number;
  latencyMs: { before: number[]; after: number[] };
  /** The longest a write caught by the kill (resent or told "being applied") waited for its answer. */
  longestCaughtMs: number;
  durationMs: { before: number; after: number };
}

export function tallyLoad(
  outcomes: WriteOutcome[],
  stored: ReadonlyMap<string, number>,
  killedAtMs: number,
  exitedAtMs: number,
): LoadTally {
  const tally: LoadTally = {
    sent: outcomes.length,
    accepted: 0,
    pending: 0,
    refused: 0,
    refusals: [],
    storedOnce: 0,
    lost: [],
    doubled: [],
    acceptedBeforeKill: [0, 0],
    acceptedAfterKill: [0, 0],
    resentAfterLoss: 0,
    resentAfterRefusal: 0,
    clientResent: 0,
    beingApplied: 0,
    beingAppliedAnswered: 0,
    replayed: 0,
    latencyMs: { before: [], after: [] },
    longestCaughtMs: 0,
    durationMs: { before: 0, after: 0 },
  };
  let firstSentMs = Infinity;
  let lastAnsweredMs = 0;
  for (const outcome of outcomes) {
    const count = stored.get(outcome.write.marker) ?? 0;
    if (count === 1) tally.storedOnce += 1;
    if (count > 1) tally.doubled.push(outcome.write.marker);
    if (count === 0 && outcome.result !== 'refused') tally.lost.push(outcome.write.marker);
    tally[outcome.result] += 1;
    if (outcome.refusal) tally.refusals.push(`${outcome.write.kind} ${outcome.write.key}: ${outcome.refusal}`);
    if (outcome.result === 'accepted' && outcome.upstream !== undefined) {
      (outcome.lastAttemptAtMs > exitedAtMs ? tally.acceptedAfterKill : tally.acceptedBeforeKill)[outcome.upstream]! +=
        1;
    }
    if (outcome.resentByProxy === 'lost') tally.resentAfterLoss += 1;
    if (outcome.resentByProxy === 'refused') tally.resentAfterRefusal += 1;
    if (outcome.lostAnswers > 0 || outcome.beingApplied > 0) tally.clientResent += 1;
    if (outcome.beingApplied > 0) tally.beingApplied += 1;
    if (outcome.beingApplied > 0 && outcome.result === 'accepted') tally.beingAppliedAnswered += 1;
    if (outcome.replayed) tally.replayed += 1;
    const waitedMs = outcome.answeredAtMs - outcome.sentAtMs;
    if (outcome.resentByProxy !== undefined || outcome.lostAnswers > 0 || outcome.beingApplied > 0) {
      tally.longestCaughtMs = Math.max(tally.longestCaughtMs, waitedMs);
    }
    if (outcome.result === 'accepted')
      tally.latencyMs[outcome.sentAtMs < killedAtMs ? 'before' : 'after'].push(waitedMs);
    firstSentMs = Math.min(firstSentMs, outcome.sentAtMs);
    lastAnsweredMs = Math.max(lastAnsweredMs, outcome.answeredAtMs);
  }
  tally.durationMs = { before: killedAtMs - firstSentMs, after: lastAnsweredMs - killedAtMs };
  return tally;
}

const percentile = (values: number[], p: number) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const perSecond = (count: number, ms: number) => (ms > 0 ? Math.round((count * 1000) / ms) : 0);

export interface FiguresInput {
  load: { clients: number; durationMs: number; killAtMs: number; settleMs: number };
  postgresVersion: string;
  tally: LoadTally;
  before: ProxyStats;
  after: ProxyStats;
  log: readonly ProxyLogEntry[];
  killedAtMs: number;
  victim: number;
  downMs: number;
}

export function twoServersFigures(input: FiguresInput): string {
  const { tally, before, after, log, killedAtMs, victim, load } = input;
  const name = (index: number) => (index === 0 ? 'A' : 'B');
  const onVictim = log.filter(
    (entry) => entry.upstream === victim && entry.atMs >= killedAtMs && entry.what !== 'answered',
  );
  // The first failure leaves the victim out of the turn: from then on the proxy has moved on.
  const movedOnAtMs = onVictim[0]?.atMs ?? killedAtMs;
  // Sent to the victim before the proxy knew it was gone: in flight at the kill, or refused in the meantime.
  const caught = onVictim.filter((entry) => entry.sentAtMs <= movedOnAtMs);
  const probes = onVictim.filter((entry) => entry.sentAtMs > movedOnAtMs);
  const survivorAfterKill = tally.acceptedAfterKill[1 - victim]!;
  const acceptedBefore = tally.acceptedBeforeKill[0]! + tally.acceptedBeforeKill[1]!;
  const rows = [
    ['writes sent (one Idempotency-Key each)', tally.sent],
    ['accepted (2xx)', tally.accepted],
    ['of which answered from the stored answer (Idempotent-Replayed)', tally.replayed],
    ['still "being applied" when the load stopped asking', tally.pending],
    ['refused (4xx)', tally.refused],
    ['stored exactly once', tally.storedOnce],
    ['**lost** (not refused, never stored)', tally.lost.length],
    ['**doubled** (stored twice or more)', tally.doubled.length],
  ];
  return `### 5. Two servers on one PostgreSQL behind a proxy, one killed under load

Two \`node build/server/server.js\` processes (A and B) on one PostgreSQL ${input.postgresVersion} database, behind a
loopback proxy (\`tests/reliability/support/round-robin-proxy.ts\`) that alternates requests between them; a
refused connection is resent to the other, a lost answer only for GET or a write with an Idempotency-Key.
Checked first: a session made through one is used through the other, and signing out ends it on both; an
organization, incident, note, tag and rename written through one are read through the other; the Zeek notice
log (207 events) imported through one is found by search through the other. Then ${load.clients} clients for
${load.durationMs / 1000} s, each sending one write at a time with its own Idempotency-Key (incident notes and UI
actions in turn, as the outbox does; resent with the same key when an answer is lost or the key's write is
"being applied"), and server ${name(victim)} killed with SIGKILL ${load.killAtMs / 1000} s in.
Goal: the survivor carries the load, 0 writes lost, 0 doubled. The clients and the proxy share the test's one
Node process on a 2-core machine shared with other jobs, so writes per second and latencies describe this
harness at that moment, not the server's capacity (through the proxy, one server took about half the writes
per second it took from the same clients sent to it directly).

| answers relayed | server A | server B |
| --- | ---: | ---: |
| whole run | ${after.answered[0]} | ${after.answered[1]} |
| during the load | ${after.answered[0]! - before.answered[0]!} | ${after.answered[1]! - before.answered[1]!} |
| load writes accepted before the kill | ${tally.acceptedBeforeKill[0]} | ${tally.acceptedBeforeKill[1]} |
| load writes accepted after the kill | ${tally.acceptedAfterKill[0]} | ${tally.acceptedAfterKill[1]} |

| writes | count |
| --- | ---: |
${rows.map(([label, value]) => `| ${label} | ${value} |`).join('\n')}

| the kill | figure |
| --- | ---: |
| requests in flight on ${name(victim)} whose answer was lost (resent by the proxy with their key) | ${after.lost[victim]! - before.lost[victim]!} |
| requests that failed on ${name(victim)} before the proxy moved on (lost + refused) | ${caught.length} |
| time from the kill to the proxy moving on (its first failure there) | ${movedOnAtMs - killedAtMs} ms |
| later tries of ${name(victim)}, each time its ${input.downMs / 1000} s out of the turn ended (refused, resent) | ${probes.length} |
| accepted writes the proxy had resent after a lost answer / a refusal on ${name(victim)} | ${tally.resentAfterLoss} / ${tally.resentAfterRefusal} |
| writes told "being applied" (committed by ${name(victim)}, answer not stored) and asked again | ${tally.beingApplied} |
| of those, answered in the end (after the key's 60 s grace, while the load still asked: ${load.settleMs / 1000} s after it) | ${tally.beingAppliedAnswered} |
| requests the proxy answered 502 itself | ${after.failed - before.failed} |
| longest wait of a write caught by the kill | ${tally.longestCaughtMs} ms |
| accepted writes per second before / after the kill | ${perSecond(acceptedBefore, tally.durationMs.before)} / ${perSecond(survivorAfterKill, tally.durationMs.after)} |
| write latency p50 / p95 before the kill | ${percentile(tally.latencyMs.before, 50)} / ${percentile(tally.latencyMs.before, 95)} ms |
| write latency p50 / p95 after the kill | ${percentile(tally.latencyMs.after, 50)} / ${percentile(tally.latencyMs.after, 95)} ms |
`;
}
