/*
 * Idempotency-Key: a write that carries the header is applied once per analyst and key, so the
 * browser's outbox can resend what it made offline without doubling it. The key's row is inserted
 * inside the write's own transaction (the request's database is wrapped: see withIdempotency), so
 * the write and its record commit together; the answer is stored after it is sent, and a replay
 * gets it back (header Idempotent-Replayed: true). The same key with another request is a 409.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db, DbTransaction } from '../db/database.ts';
import { conflict, invalid } from '../http-error.ts';
import { dropKeysBefore, findKey, insertKey, storeAnswer, type IdempotencyClaim } from './idempotency-store.ts';

const IDEMPOTENCY_HEADER = 'Idempotency-Key';
const KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,200}$/;
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** A key whose write committed but whose answer never got stored (the process stopped) counts as done after this. */
const UNANSWERED_GRACE_MICROS = 60_000_000;
const KEEP_MICROS = 30 * 86_400_000_000;

interface ActiveClaim extends IdempotencyClaim {
  /** Set once a transaction of this request committed with the key's row. */
  recorded: boolean;
}

const current = new AsyncLocalStorage<ActiveClaim>();
const claims = new WeakMap<FastifyRequest, ActiveClaim>();
const nowMicros = () => Date.now() * 1000;

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown }).code === '23505';
}

/**
 * The database the routes use: its transactions, run for a request that carries an Idempotency-Key,
 * insert the key's row just before they commit (the first such transaction of the request only).
 */
export function withIdempotency(db: Db): Db {
  return {
    kind: db.kind,
    query: (text, params) => db.query(text, params),
    exec: (script) => db.exec(script),
    close: () => db.close(),
    async transaction<T>(fn: (tx: DbTransaction) => Promise<T>): Promise<T> {
      const claim = current.getStore();
      if (!claim || claim.recorded) return db.transaction(fn);
      const value = await db.transaction(async (tx) => {
        const result = await fn(tx);
        try {
          await insertKey(tx, claim, nowMicros());
        } catch (error) {
          if (isUniqueViolation(error)) throw inProgress();
          throw error;
        }
        return result;
      });
      claim.recorded = true;
      return value;
    },
  };
}

const inProgress = () =>
  conflict(
    `a request with this ${IDEMPOTENCY_HEADER} is being applied; send it again for its answer`,
    IDEMPOTENCY_HEADER,
  );

/** The request's hash; undefined when its body cannot be written out again (nested too deep for the stack). */
function fingerprint(request: FastifyRequest): string | undefined {
  let body: string;
  try {
    body = JSON.stringify(request.body ?? null);
  } catch (error) {
    if (error instanceof RangeError) return undefined;
    throw error;
  }
  return createHash('sha256').update(`${request.method}\n${request.url}\n${body}`).digest('hex');
}

/** Answers a replay from what is stored, or says why it cannot; undefined when the key is new. */
async function replay(db: Db, claim: IdempotencyClaim, reply: FastifyReply): Promise<boolean> {
  const stored = await findKey(db, claim.analystID, claim.key);
  if (!stored) return false;
  if (stored.request_hash !== claim.requestHash) {
    throw conflict(`${IDEMPOTENCY_HEADER} was used for a different request`, IDEMPOTENCY_HEADER);
  }
  reply.header('idempotent-replayed', 'true').type('application/json; charset=utf-8');
  if (stored.status_code !== null && stored.response_body !== null) {
    reply.code(stored.status_code).send(stored.response_body);
    return true;
  }
  if (nowMicros() - stored.created_micros < UNANSWERED_GRACE_MICROS) throw inProgress();
  reply.code(200).send(JSON.stringify({ applied: true }));
  return true;
}

export function registerIdempotency(app: FastifyInstance, db: Db): void {
  let lastCleanupMicros = 0;

  // After authentication and validation: the analyst is known and the body is the validated one.
  app.addHook('preHandler', (request, reply, done) => {
    const header = request.headers[IDEMPOTENCY_HEADER.toLowerCase()];
    const access = request.routeOptions.config?.access;
    if (
      header === undefined ||
      !WRITE_METHODS.has(request.method) ||
      access === undefined ||
      access === 'public' ||
      access === 'capability'
    )
      return done();
    if (!request.user || !request.analyst) return done(); // the route refuses it
    const key = Array.isArray(header) ? undefined : header;
    if (key === undefined || !KEY_PATTERN.test(key)) {
      return done(invalid(IDEMPOTENCY_HEADER, 'must be 8 to 200 letters, digits or _ . : -'));
    }
    if ((request.headers['content-type'] ?? '').startsWith('multipart/')) {
      return done(invalid(IDEMPOTENCY_HEADER, 'is not accepted on file uploads'));
    }
    const requestHash = fingerprint(request);
    if (requestHash === undefined) return done(invalid('body', 'is nested too deeply'));
    const claim: ActiveClaim = {
      analystID: request.analyst.id,
      userID: request.user.id,
      key,
      requestHash,
      method: request.method,
      path: request.url.split('?')[0]!.slice(0, 500),
      recorded: false,
    };
    replay(db, claim, reply).then(
      (answered) => {
        if (answered) return;
        claims.set(request, claim);
        // The handler (and every transaction it opens) runs inside this claim.
        current.run(claim, () => done());
      },
      (error: unknown) => done(error as Error),
    );
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = claims.get(request);
    if (!claim || reply.statusCode < 200 || reply.statusCode >= 300 || typeof payload !== 'string') return payload;
    try {
      // A route that wrote outside a transaction (or not at all) gets its row now.
      if (!claim.recorded) await insertKey(db, claim, nowMicros(), true);
      await storeAnswer(db, claim, reply.statusCode, payload);
      if (nowMicros() - lastCleanupMicros > 3_600_000_000) {
        lastCleanupMicros = nowMicros();
        await dropKeysBefore(db, lastCleanupMicros - KEEP_MICROS);
      }
    } catch (error) {
      request.log.error({ err: error }, 'could not store the answer of an idempotent request');
    }
    return payload;
  });
}
