/*
 * GET /auth/login in either sign-in mode: `from` is checked to be one of our own paths, a user already
 * signed in goes straight there, and anyone else is shown the way to sign in (the mode's `signIn`).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { safeReturnPath } from '../../auth/return-to.ts';
import { routeOptions } from '../route-options.ts';
import { publicOrigin } from './session-cookie.ts';

export function loginPageRoute(
  app: FastifyInstance,
  context: AppContext,
  summary: string,
  signIn: (reply: FastifyReply, where: { target: string; origin: string }) => Promise<FastifyReply> | FastifyReply,
): void {
  app.get(
    '/auth/login',
    routeOptions('public', {
      summary,
      tags: ['auth'],
      querystring: z.object({ from: z.string().max(2048).optional() }),
    }),
    async (request: FastifyRequest, reply) => {
      const { from } = request.query as { from?: string };
      const origin = publicOrigin(request, context);
      const target = safeReturnPath(from, origin);
      if (request.user) return reply.redirect(target, 303);
      return signIn(reply, { target, origin });
    },
  );
}
