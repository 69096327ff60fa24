/*
 * Session look-ups remembered for a few seconds: every API call resolves its cookie, and a read that
 * is otherwise answered from memory (an unchanged incident) should not cost a database round trip
 * for it. Logout in this process forgets the session at once; another server process sharing the
 * database may honour a just-ended session for at most SESSION_CACHE_MS (its own entry's age).
 */
import type { UserRow } from '../repositories/users-repository.ts';

/** How long a looked-up session is trusted without asking the database again. */
export const SESSION_CACHE_MS = 3_000;
const MAX_ENTRIES = 10_000;

interface Entry {
  user: UserRow;
  untilMs: number;
}

export class SessionCache {
  readonly #entries = new Map<string, Entry>();

  constructor(private readonly now: () => number = Date.now) {}

  get(token: string): UserRow | undefined {
    const entry = this.#entries.get(token);
    if (!entry) return undefined;
    if (entry.untilMs <= this.now()) {
      this.#entries.delete(token);
      return undefined;
    }
    return entry.user;
  }

  set(token: string, user: UserRow): void {
    this.#entries.delete(token);
    // Oldest first in a Map's order: the bound drops the entry looked up longest ago.
    if (this.#entries.size >= MAX_ENTRIES) this.#entries.delete(this.#entries.keys().next().value!);
    this.#entries.set(token, { user, untilMs: this.now() + SESSION_CACHE_MS });
  }

  forget(token: string): void {
    this.#entries.delete(token);
  }

  /** A user's account changed (disabled, removed): none of their sessions is trusted from memory. */
  forgetUser(userId: number): void {
    for (const [token, entry] of this.#entries) if (entry.user.id === userId) this.#entries.delete(token);
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
