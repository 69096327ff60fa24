import { z } from 'zod';
import { UserSchema, type User } from '../../../domain/user.ts';
import { apiGet } from '../../data/api-client.ts';

const SignedInUserAnswerSchema = z.object({ user: UserSchema });

export async function fetchSignedInUser(signal: AbortSignal): Promise<User> {
  const answer = await apiGet('/auth/user', SignedInUserAnswerSchema, { signal });
  return answer.user;
}

/** The server's sign-in page; it sends the browser back to `from` (our own origin only) afterwards. */
export function loginAddress(currentUrl: string): string {
  return `/auth/login?from=${encodeURIComponent(currentUrl)}`;
}
