/*
 * The last signed-in user and analysts list, kept so a reload with no network still opens the app
 * (offline first): the server stays the authority whenever it answers. Cleared on logout.
 */
import { z } from 'zod';
import { AnalystSchema, type Analyst } from '../../domain/analyst.ts';
import { UserSchema, type User } from '../../domain/user.ts';

const KEY = 'churchkey:session-cache';
const SessionCacheSchema = z.object({ user: UserSchema, analysts: z.array(AnalystSchema).optional() });
type SessionCache = z.infer<typeof SessionCacheSchema>;

function read(): SessionCache | undefined {
  try {
    const text = window.localStorage.getItem(KEY);
    if (text === null) return undefined;
    const parsed = SessionCacheSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

function write(cache: SessionCache): void {
  try {
    window.localStorage.setItem(KEY, JSON.stringify(cache));
  } catch {
    // Without storage the app simply needs the network on the next load.
  }
}

export function cacheSignedInUser(user: User): void {
  const current = read();
  // Another user's analysts list must not be shown to this one.
  write(current?.user.id === user.id ? { ...current, user } : { user });
}

export function cachedSignedInUser(): User | undefined {
  return read()?.user;
}

export function cacheAnalysts(analysts: Analyst[]): void {
  const current = read();
  if (current) write({ ...current, analysts });
}

export function cachedAnalysts(): Analyst[] | undefined {
  return read()?.analysts;
}

export function forgetSession(): void {
  try {
    window.localStorage.removeItem(KEY);
  } catch {
    // Nothing kept, nothing to forget.
  }
}
