/*
 * Session look-ups remembered for a few seconds: every API call resolves its cookie and its analyst,
 * and a read otherwise answered from memory (an unchanged incident) should not cost database round
 * trips for them. Logout and analyst changes (permission, grants) in this process forget at once;
 * another server process sharing the database may honour a just-ended session, or a permission just
 * taken away, for at most SESSION_CACHE_MS (the age of its own entry).
 */
import type { AnalystRow } from '../repositories/analysts-repository.ts';
import type { UserRow } from '../repositories/users-repository.ts';

/** How long a looked-up session is trusted without asking the database again. */
export const SESSION_CACHE_MS = 3_000;
const MAX_ENTRIES = 10_000;

/** The analyst a session acts as under one X-Churchkey-Analyst value. */
export interface ActingAnalyst {
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

  constructor(private readonly now: () => number = Date.now) {}

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
    this.#entries.delete(token);
    // Oldest first in a Map's order: the bound drops the entry looked up longest ago.
    if (this.#entries.size >= MAX_ENTRIES) this.#entries.delete(this.#entries.keys().next().value!);
    this.#entries.set(token, { user, untilMs: this.now() + SESSION_CACHE_MS, acting: new Map() });
  }

  forget(token: string): void {
    this.#entries.delete(token);
  }

  /** An analyst, a permission or a grant changed: nothing is trusted from memory. */
  forgetAll(): void {
    this.#entries.clear();
  }
}

// One cache per database, so two apps in one process (tests, two-servers) never share sessions.
const caches = new WeakMap<object, SessionCache>();

export function sessionCacheOf(db: object): SessionCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new SessionCache();
    caches.set(db, cache);
  }
  return cache;
}
