/*
 * A write load as the browser's outbox makes it: many clients, each sending one write at a time
 * with its own Idempotency-Key, and sending the same write again with the same key when its answer
 * is lost (a dropped connection, a 5xx) or when the server says the key's write is still being
 * applied. Every write carries a unique marker in its stored text, so a test can count afterwards
 * how many times each was stored.
 */
import { RESENT_HEADER, UPSTREAM_HEADER } from './round-robin-proxy.ts';

export type WriteKind = 'note' | 'ui-action';

export interface KeyedWrite {
  key: string;
  kind: WriteKind;
  /** Stored in the note's text or the UI action's value, once per write. */
  marker: string;
}

export interface WriteOutcome {
  write: KeyedWrite;
  /** accepted: a 2xx answer; pending: still "being applied" when the load gave up asking; refused: a 4xx. */
  result: 'accepted' | 'pending' | 'refused';
  attempts: number;
  /** Attempts whose answer never reached the client (dropped connection, 502/5xx). */
  lostAnswers: number;
  /** Attempts answered 409 "being applied" (the key's write committed, its answer not stored yet). */
  beingApplied: number;
  /** Why the proxy sent the accepted attempt on to another upstream, if it did. */
  resentByProxy: string | undefined;
  replayed: boolean;
  upstream: number | undefined;
  refusal: string | undefined;
  sentAtMs: number;
  /** When the last attempt (the one answered, if any) was sent. */
  lastAttemptAtMs: number;
  answeredAtMs: number;
}

export interface LoadOptions {
  url: string;
  cookie: string;
  incidentID: number;
  clients: number;
  durationMs: number;
  /** How long after the load a write answered "being applied" is still asked about. */
  settleMs: number;
}

/** A write whose answer is lost this many times in a row (50 ms apart) is left for the database count. */
const MAX_LOST_ANSWERS = 200;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function requestOf(write: KeyedWrite, incidentID: number): { path: string; body: unknown } {
  return write.kind === 'note'
    ? { path: `/api/incident/${incidentID}/note`, body: { kind: 'other', text: write.marker } }
    : { path: '/api/audit/action/load-write', body: { incidentID, value: { marker: write.marker } } };
}

async function deliver(options: LoadOptions, write: KeyedWrite, giveUpAtMs: () => number): Promise<WriteOutcome> {
  const { path, body } = requestOf(write, options.incidentID);
  const outcome: WriteOutcome = {
    write,
    result: 'pending',
    attempts: 0,
    lostAnswers: 0,
    beingApplied: 0,
    resentByProxy: undefined,
    replayed: false,
    upstream: undefined,
    refusal: undefined,
    sentAtMs: Date.now(),
    lastAttemptAtMs: 0,
    answeredAtMs: 0,
  };
  for (;;) {
    outcome.attempts += 1;
    outcome.lastAttemptAtMs = Date.now();
    let status = 0;
    let answer: { error?: { field?: string; message?: string } } = {};
    let headers: Headers | undefined;
    try {
      const response = await fetch(`${options.url}${path}`, {
        method: 'POST',
        headers: { cookie: options.cookie, 'content-type': 'application/json', 'idempotency-key': write.key },
        body: JSON.stringify(body),
      });
      answer = (await response.json()) as typeof answer;
      // Only a whole answer counts as one.
      status = response.status;
      headers = response.headers;
    } catch {
      // The connection dropped before a whole answer arrived: status stays 0, the answer is lost.
    }
    if (status >= 200 && status < 300) {
      Object.assign(outcome, {
        result: 'accepted',
        upstream: Number(headers!.get(UPSTREAM_HEADER)),
        resentByProxy: headers!.get(RESENT_HEADER) ?? undefined,
        replayed: headers!.get('idempotent-replayed') === 'true',
        answeredAtMs: Date.now(),
      });
      return outcome;
    }
    const applying =
      status === 409 && answer.error?.field === 'Idempotency-Key' && /being applied/.test(answer.error.message ?? '');
    if (status >= 400 && status < 500 && !applying) {
      Object.assign(outcome, {
        result: 'refused',
        refusal: `${status} ${JSON.stringify(answer)}`,
        answeredAtMs: Date.now(),
      });
      return outcome;
    }
    if (applying) outcome.beingApplied += 1;
    else outcome.lostAnswers += 1;
    // A lost answer is always asked again (for a while); "being applied" until the load's deadline.
    if (applying ? Date.now() >= giveUpAtMs() : outcome.lostAnswers > MAX_LOST_ANSWERS) {
      outcome.answeredAtMs = Date.now();
      return outcome; // still pending: counted in the database afterwards
    }
    await sleep(applying ? 250 : 50);
  }
}

/** Runs the load; `during` is called once it has started (to kill a server part-way, say). */
export async function runKeyedWriteLoad(
  options: LoadOptions,
  during: (startedAtMs: number) => Promise<void>,
): Promise<WriteOutcome[]> {
  const startedAtMs = Date.now();
  const endAtMs = startedAtMs + options.durationMs;
  const giveUpAtMs = () => endAtMs + options.settleMs;
  const outcomes: WriteOutcome[] = [];
  const client = async (clientIndex: number) => {
    for (let sequence = 0; Date.now() < endAtMs; sequence += 1) {
      const key = `load-${startedAtMs}-${clientIndex}-${sequence}`;
      const kind: WriteKind = (clientIndex + sequence) % 2 === 0 ? 'note' : 'ui-action';
      outcomes.push(await deliver(options, { key, kind, marker: `marker ${key}` }, giveUpAtMs));
    }
  };
  await Promise.all([...Array.from({ length: options.clients }, (_, index) => client(index)), during(startedAtMs)]);
  return outcomes;
}
