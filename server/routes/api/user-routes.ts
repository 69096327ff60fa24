/* Accounts, for administrators: who can sign in (to grant them analysts) and, in local mode, new accounts. */
import { z } from 'zod';
import { AccountSchema, UserCreateSchema } from '../../../domain/user.ts';
import type { AppContext } from '../../app-context.ts';
import { hashPassword } from '../../auth/password.ts';
import { conflict, HttpError } from '../../http-error.ts';
import { findUserByUsername, insertLocalUser, listUsers, type UserRow } from '../../repositories/users-repository.ts';
import { answer, auditedWrite } from '../audited-write.ts';
import { type ApiRoutes, apiErrors, routeOptions } from '../route-options.ts';

const errors = apiErrors(400, 401, 403, 409);

const account = (row: UserRow) => ({
  id: row.id,
  username: row.username,
  name: row.name,
  email: row.email,
  authMode: row.oidc_subject ? ('oidc' as const) : ('local' as const),
  disabled: row.disabled,
});

export function userRoutes(routes: ApiRoutes, context: AppContext): void {
  routes.get(
    '/api/users',
    routeOptions('admin', {
      summary: 'Every account that can sign in (administrators)',
      tags: ['users'],
      response: { 200: answer({ users: z.array(AccountSchema) }), ...errors },
    }),
    async () => ({ users: (await listUsers(context.db)).map(account) }),
  );

  routes.post(
    '/api/user',
    routeOptions('admin', {
      summary: 'Creates a local account (AUTH_MODE=local; administrators)',
      tags: ['users'],
      body: UserCreateSchema,
      response: { 201: answer({ user: AccountSchema }), ...errors },
    }),
    async (request, reply) => {
      if (context.config.authMode !== 'local') {
        throw new HttpError(409, 'conflict', 'accounts come from the identity provider when AUTH_MODE=oidc');
      }
      const body = request.body;
      const passwordHash = await hashPassword(body.password);
      const created = await auditedWrite(context.db, request, async ({ tx, audit }) => {
        if (await findUserByUsername(tx, body.username)) throw conflict('that username is taken', 'username');
        const row = await insertLocalUser(tx, {
          username: body.username,
          name: body.name,
          email: body.email,
          passwordHash,
        });
        await audit({
          action: 'create user',
          itemType: 'user',
          itemID: row.id,
          detail: { username: row.username },
        });
        return row;
      });
      reply.code(201);
      return { user: account(created) };
    },
  );
}
