/* AUTH_MODE=local: the sign-in page and its form, checked against scrypt hashes in the database. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { lineText } from '../../../domain/text-rules.ts';
import type { AppContext } from '../../app-context.ts';
import { loginPage } from '../../auth/login-page.ts';
import { verifyPassword } from '../../auth/password.ts';
import { safeReturnPath } from '../../auth/return-to.ts';
import { clearSignInFailures, reserveSignIn } from '../../auth/sign-in-throttle.ts';
import { HttpError, invalid } from '../../http-error.ts';
import { findUserByUsername } from '../../repositories/users-repository.ts';
import { publicOrigin, startSession } from './session-cookie.ts';
import { loginPageRoute } from './login-page-route.ts';
import { userAnswer } from './session-routes.ts';

const SignInSchema = z.object({
  username: lineText().trim().toLowerCase().min(1, { error: 'is required' }).max(200, { error: 'is too long' }),
  password: z.string().min(1, { error: 'is required' }).max(1024, { error: 'is too long' }),
  from: z.string().max(2048).optional(),
});

const WRONG = 'Wrong username or password.';

function wantsHtml(request: FastifyRequest): boolean {
  return !(request.headers['content-type'] ?? '').includes('application/json');
}

export function localRoutes(app: FastifyInstance, context: AppContext): void {
  loginPageRoute(app, context, 'The sign-in page; already signed in, it goes straight to `from`', (reply, { target }) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(loginPage({ from: target })),
  );

  app.post(
    '/auth/login',
    {
      config: { access: 'public' },
      bodyLimit: 16_384,
      schema: {
        summary: 'Signs in with username and password (form or JSON); a form is redirected to `from`',
        tags: ['auth'],
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
      },
    },
    async (request, reply) => {
      const html = wantsHtml(request);
      const type = request.headers['content-type'] ?? '';
      if (!type.startsWith('application/x-www-form-urlencoded') && !type.startsWith('application/json')) {
        throw new HttpError(415, 'unsupported_media_type', 'body must be a form or JSON', 'body');
      }
      const parsed = SignInSchema.safeParse(request.body ?? {});
      const origin = publicOrigin(request, context);
      const rawFrom = (request.body as { from?: unknown } | undefined)?.from;
      const target = safeReturnPath(rawFrom, origin);
      const refuse = (status: number, message: string, field: string | null, headers: Record<string, string> = {}) =>
        refusal(reply, html, { status, message, field, headers, from: target, username: parsed.data?.username });
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const field = String(issue?.path[0] ?? 'body');
        const error = invalid(field, issue?.message ?? 'is invalid');
        return refuse(400, error.message, field);
      }
      const { username, password } = parsed.data;
      // Reserved before the hash is computed: the reservation stays as a failure unless the password is right.
      const reservation = await reserveSignIn(context.db, username, request.ip);
      if (!reservation.ok) {
        const wait = reservation.waitSeconds;
        const minutes = Math.ceil(wait / 60);
        const message = `Too many failed sign-ins. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
        return refuse(429, message, 'password', { 'retry-after': String(wait) });
      }
      const user = await findUserByUsername(context.db, username);
      const ok = await verifyPassword(password, user?.password_hash);
      if (!user || !ok || user.disabled) return refuse(401, WRONG, 'password');
      await clearSignInFailures(context.db, username, request.ip);
      await startSession(request, reply, context, user.id, 'password');
      if (html) return reply.redirect(target, 303);
      return { user: await userAnswer(context, user), version: context.version };
    },
  );
}

function refusal(
  reply: FastifyReply,
  html: boolean,
  r: {
    status: number;
    message: string;
    field: string | null;
    headers: Record<string, string>;
    from: string;
    username: string | undefined;
  },
) {
  if (html) {
    const page = loginPage({ from: r.from, error: r.message, ...(r.username ? { username: r.username } : {}) });
    return reply.code(r.status).headers(r.headers).type('text/html; charset=utf-8').send(page);
  }
  const code = r.status === 429 ? 'rate_limited' : r.status === 401 ? 'unauthenticated' : 'invalid';
  throw new HttpError(r.status, code, r.message, r.field, r.headers);
}
