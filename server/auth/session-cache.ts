/*
 * Session look-ups remembered for a few seconds: every API call resolves its cookie and its analyst,
 * and a read otherwise answered from memory (an unchanged incident) should not cost database round
 * trips for them. Logout and analyst changes (permission, grants) in this process forget at once.
 * Only on PGlite, which one process holds alone: on PostgreSQL several processes may serve the same
 * sessions (two-servers.test.ts), and a logout on one must end the session on all at once, so there
 * every request still asks the database (a remembered session would live on elsewhere for up to
 * SESSION_CACHE_MS; LISTEN/NOTIFY of logouts would lift this).
 */
import type { AnalystRow } from '../repositories/analysts-repository.ts';
import type { UserRow } from '../repositories/users-repository.ts';

/** How long a looked-up session is trusted without asking the database again. */
const SESSION_CACHE_MS = 3_000;
const MAX_ENTRIES = 10_000;

/** The analyst a session acts as under one X-Churchkey-Analyst value. */
interface ActingAnalyst {
  analyst: AnalystRow;
  userIsAdmin: boolean;
}

interface Entry {
  user: UserRow;
  untilMs: number;
  /** By the analyst id the header asked for (0: own). Only found analysts are kept. */
  acting: Map<number, ActingAnalyst>;
}

export class SessionCache {
  readonly #entries = new Map<string, Entry>();

  constructor(
    /** 0 remembers nothing. */
    private readonly ttlMs: number = SESSION_CACHE_MS,
    private readonly now: () => number = Date.now,
  ) {}

  get(token: string): UserRow | undefined {
    return this.#live(token)?.user;
  }

  getActing(token: string, requestedAnalystId: number): ActingAnalyst | undefined {
    return this.#live(token)?.acting.get(requestedAnalystId);
  }

  setActing(token: string, requestedAnalystId: number, acting: ActingAnalyst): void {
    this.#live(token)?.acting.set(requestedAnalystId, acting);
  }

  #live(token: string): Entry | undefined {
    const entry = this.#entries.get(token);
    if (!entry) return undefined;
    if (entry.untilMs <= this.now()) {
      this.#entries.delete(token);
      return undefined;
    }
    return entry;
  }

  set(token: string, user: UserRow): void {
    if (this.ttlMs <= 0) return;
    this.#entries.delete(token);
    // Oldest first in a Map's order: the bound drops the entry looked up longest ago.
    if (this.#entries.size >= MAX_ENTRIES) this.#entries.delete(this.#entries.keys().next().value!);
    this.#entries.set(token, { user, untilMs: this.now() + this.ttlMs, acting: new Map() });
  }

  forget(token: string): void {
    this.#entries.delete(token);
  }

  /** An analyst, a permission or a grant changed: nothing is trusted from memory. */
  forgetAll(): void {
    this.#entries.clear();
  }
}

// One cache per database, so two apps in one process (tests) never share sessions.
const caches = new WeakMap<object, SessionCache>();

export function sessionCacheOf(db: { readonly kind: 'pglite' | 'postgres' }): SessionCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new SessionCache(db.kind === 'pglite' ? SESSION_CACHE_MS : 0);
    caches.set(db, cache);
  }
  return cache;
}
