import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { SESSION_COOKIE } from '../../plugins/auth.ts';
import { createSession } from '../../repositories/sessions-repository.ts';
import { recordWrite } from '../../repositories/audit-repository.ts';
import { isTrustedHost } from '../../auth/trusted-host.ts';

/** The origin users reach us at: PUBLIC_URL when set, else what the request came in on. */
export function publicOrigin(request: FastifyRequest, context: AppContext): string {
  if (context.config.publicUrl) return context.config.publicUrl;
  // A Host this server does not answer to (DNS rebinding) gets an origin no page can have.
  if (!isTrustedHost(request.host, context.config)) return `${request.protocol}://untrusted-host.invalid`;
  try {
    // NOTE: through URL, so a default port (host "x:80") compares equal to the origin of "http://x/".
    return new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return `${request.protocol}://localhost`;
  }
}

export async function startSession(
  request: FastifyRequest,
  reply: FastifyReply,
  context: AppContext,
  userId: number,
  method: string,
): Promise<void> {
  const token = await context.db.transaction(async (tx) => {
    const created = await createSession(tx, userId, context.config.sessionMicros, {
      userAgent: request.headers['user-agent'] ?? '',
      ip: request.ip,
    });
    await recordWrite(
      tx,
      { userID: userId, analystID: null },
      {
        action: 'sign in',
        itemType: 'user',
        itemID: userId,
        detail: { method, ip: request.ip },
      },
    );
    return created;
  });
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: publicOrigin(request, context).startsWith('https:'),
    maxAge: Math.floor(context.config.sessionMicros / 1_000_000),
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply, context: AppContext): void {
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: publicOrigin(request, context).startsWith('https:'),
  });
}
