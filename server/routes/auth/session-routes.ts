/* The calls every sign-in mode shares: who am I, sign out, and the one-time sign-in link. */
import { z } from 'zod';
import { ApiErrorSchema } from '../../../domain/api-error.ts';
import { UserSchema, type User } from '../../../domain/user.ts';
import type { AppContext } from '../../app-context.ts';
import { loginPage } from '../../auth/login-page.ts';
import { LOGOUT_PAGE_CSP, logoutPage } from '../../auth/logout-page.ts';
import { safeReturnPath } from '../../auth/return-to.ts';
import { sessionCacheOf } from '../../auth/session-cache.ts';
import { unauthenticated } from '../../http-error.ts';
import { findAnalyst } from '../../repositories/analysts-repository.ts';
import { recordWrite } from '../../repositories/audit-repository.ts';
import { deleteSession } from '../../repositories/sessions-repository.ts';
import type { UserRow } from '../../repositories/users-repository.ts';
import { clearSessionCookie, publicOrigin, startSession } from './session-cookie.ts';
import { redeemSignInLink } from '../../repositories/sign-in-links-repository.ts';
import { type ApiRoutes, routeOptions } from '../route-options.ts';
import { answer } from '../audited-write.ts';

export async function userAnswer(context: AppContext, user: UserRow): Promise<User> {
  const own = await findAnalyst(context.db, user.id);
  return {
    id: user.id,
    username: user.username,
    name: user.name,
    email: user.email,
    analystID: own ? own.id : null,
    authMode: user.oidc_subject ? 'oidc' : 'local',
  };
}

export function sessionRoutes(routes: ApiRoutes, context: AppContext): void {
  routes.get(
    '/auth/user',
    routeOptions('public', {
      summary: 'The signed-in user; 401 when signed out',
      tags: ['auth'],
      response: { 200: answer({ user: UserSchema }), 401: ApiErrorSchema },
    }),
    async (request) => {
      if (!request.user) throw unauthenticated();
      return { user: await userAnswer(context, request.user) };
    },
  );

  routes.get(
    '/auth/logout',
    routeOptions('public', {
      summary:
        'A page that signs out by POST /auth/logout at once (a GET must not end a session), then returns to `from`',
      tags: ['auth'],
      querystring: z.object({ from: z.string().max(2048).optional() }),
    }),
    async (request, reply) => {
      const from = safeReturnPath(request.query.from, publicOrigin(request, context));
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-security-policy', LOGOUT_PAGE_CSP)
        .send(logoutPage(from));
    },
  );

  routes.post(
    '/auth/logout',
    {
      config: { access: 'public' },
      bodyLimit: 16_384,
      schema: {
        summary: 'Ends the session and returns to `from` (on this origin only), which then asks to sign in again',
        tags: ['auth'],
        querystring: z.object({ from: z.string().max(2048).optional() }),
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
      },
    },
    async (request, reply) => {
      if (request.sessionToken) {
        sessionCacheOf(context.db).forget(request.sessionToken);
        const userId = await deleteSession(context.db, request.sessionToken);
        if (userId !== undefined) {
          await recordWrite(
            context.db,
            { userID: userId, analystID: null },
            {
              action: 'sign out',
              itemType: 'user',
              itemID: userId,
            },
          );
        }
      }
      clearSessionCookie(request, reply, context);
      const bodyFrom = (request.body as { from?: unknown } | null | undefined)?.from;
      const from = safeReturnPath(bodyFrom ?? request.query.from, publicOrigin(request, context));
      return reply.redirect(`/auth/login?from=${encodeURIComponent(from)}`, 303);
    },
  );

  routes.get(
    '/auth/link/:token',
    routeOptions('public', {
      summary: 'One-time sign-in link printed at the first start',
      tags: ['auth'],
      params: z.object({ token: z.string().max(100) }),
    }),
    async (request, reply) => {
      const userId = await redeemSignInLink(context.db, request.params.token);
      if (userId === undefined) {
        const error = 'This sign-in link has expired or was used already. Sign in with your password.';
        return reply
          .code(400)
          .type('text/html; charset=utf-8')
          .send(loginPage({ from: '/', error }));
      }
      await startSession(request, reply, context, userId, 'one-time link');
      return reply.redirect('/', 303);
    },
  );
}
