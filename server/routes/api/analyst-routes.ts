/*
 * Analysts (spec sections 6, 7): the list, the primary analyst, new analysts, and what administrators
 * manage: permissions and act-as grants. Every change is written to the data audit in its transaction.
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  AnalystCreateSchema,
  AnalystSchema,
  GrantSchema,
  PermissionSchema,
  type Analyst,
  type AnalystCreate,
} from '../../../domain/analyst.ts';
import { PathIdSchema } from '../../../domain/ids.ts';
import type { AppContext } from '../../app-context.ts';
import type { DbTransaction, Queryable } from '../../db/database.ts';
import { conflict, forbidden, notFound } from '../../http-error.ts';
import { acting, signedInUser } from '../../plugins/auth.ts';
import {
  countAdmins,
  countAnalysts,
  deleteGrant,
  findAnalyst,
  grantedAnalystIds,
  insertAnalyst,
  insertGrant,
  listAnalysts,
  listGrants,
  updateAnalystPermission,
  lockAdministrators,
  type AnalystRow,
} from '../../repositories/analysts-repository.ts';
import { recordWrite } from '../../repositories/audit-repository.ts';
import { findUserById, type UserRow } from '../../repositories/users-repository.ts';
import { answer, auditedWrite } from '../audited-write.ts';
import { type ApiRoutes, apiErrors, routeOptions } from '../route-options.ts';

const errors = apiErrors(400, 401, 403, 404, 409);
const AnalystAnswer = answer({ analyst: AnalystSchema });

async function answerFor(context: AppContext, request: FastifyRequest) {
  const user = signedInUser(request);
  const granted = await grantedAnalystIds(context.db, user.id);
  return (row: AnalystRow): Analyst => ({
    id: row.id,
    name: row.name,
    email: row.email,
    permission: row.permission,
    userID: row.user_id,
    canActAs: request.userIsAdmin || row.id === user.id || granted.has(row.id),
  });
}

/** The audit row of a new analyst: the primary one (no `own`), or one made by or for the signed-in user. */
function recordCreated(
  tx: Queryable,
  who: { userID: number; analystID: number },
  created: AnalystRow,
  own?: { own: boolean },
): Promise<void> {
  return recordWrite(tx, who, {
    action: own === undefined ? 'create primary analyst' : 'create analyst',
    itemType: 'analyst',
    itemID: created.id,
    detail: { name: created.name, email: created.email, permission: created.permission, ...own },
  });
}

export function analystRoutes(routes: ApiRoutes, context: AppContext): void {
  const { db } = context;

  routes.get(
    '/api/analysts',
    routeOptions('user', {
      summary: 'Every analyst, with whether the signed-in user may act as each',
      tags: ['analysts'],
      response: { 200: answer({ analysts: z.array(AnalystSchema) }), ...errors },
    }),
    async (request) => {
      const toAnswer = await answerFor(context, request);
      return { analysts: (await listAnalysts(db)).map(toAnswer) };
    },
  );

  routes.get(
    '/api/analyst/:analystID',
    routeOptions('user', {
      summary: 'One analyst; administrators also see who may act as it',
      tags: ['analysts'],
      params: z.object({ analystID: PathIdSchema }),
      response: {
        200: answer({ analyst: AnalystSchema, grants: z.array(GrantSchema).optional() }),
        ...errors,
      },
    }),
    async (request) => {
      const row = await findAnalyst(db, request.params.analystID);
      if (!row) throw notFound('analyst');
      const analyst = (await answerFor(context, request))(row);
      if (!request.userIsAdmin) return { analyst };
      const grants = (await listGrants(db, row.id)).map((grant) => ({
        userID: grant.user_id,
        username: grant.username,
        grantedByAnalystID: grant.granted_by_analyst_id,
        createTimestamp: grant.created_micros,
      }));
      return { analyst, grants };
    },
  );

  /** POST of a new analyst: made in one transaction for the signed-in user, answered 201 as that user sees it. */
  const createAnalystRoute = (
    path: string,
    summary: string,
    create: (tx: DbTransaction, user: UserRow, body: AnalystCreate, request: FastifyRequest) => Promise<AnalystRow>,
  ) =>
    routes.post(
      path,
      routeOptions('user', {
        summary,
        tags: ['analysts'],
        body: AnalystCreateSchema,
        response: { 201: AnalystAnswer, ...errors },
      }),
      async (request, reply) => {
        const user = signedInUser(request);
        const row = await db.transaction((tx) => create(tx, user, request.body, request));
        reply.code(201);
        return { analyst: (await answerFor(context, request))(row) };
      },
    );

  createAnalystRoute(
    '/api/analyst/primary',
    'Creates the first analyst, an administrator acting for the signed-in user; 409 once any analyst exists',
    async (tx, user, body, request) => {
      await lockAdministrators(tx);
      if ((await countAnalysts(tx)) > 0) throw conflict('the primary analyst exists already');
      const created = await insertAnalyst(tx, { id: user.id, ...body, permission: 'admin', userId: user.id });
      await recordCreated(tx, { userID: user.id, analystID: created.id }, created);
      request.userIsAdmin = true;
      return created;
    },
  );

  createAnalystRoute(
    '/api/analyst',
    "Creates the signed-in user's own analyst when they have none (write permission); otherwise, for an analyst with write permission, a named analyst no user acts as (read permission)",
    async (tx, user, body, request) => {
      const own = await findAnalyst(tx, user.id);
      if (!own) {
        const created = await insertAnalyst(tx, { id: user.id, ...body, permission: 'write', userId: user.id });
        await recordCreated(tx, { userID: user.id, analystID: created.id }, created, { own: true });
        return created;
      }
      const { analyst } = acting(request);
      if (analyst.permission === 'read') {
        throw forbidden(`analyst ${analyst.id} has read permission; this needs write`);
      }
      const created = await insertAnalyst(tx, { ...body, permission: 'read', userId: null });
      await recordCreated(tx, { userID: user.id, analystID: analyst.id }, created, { own: false });
      return created;
    },
  );

  routes.put(
    '/api/analyst/:analystID/permission',
    routeOptions('admin', {
      summary: "Sets an analyst's permission (administrators); the last administrator cannot be demoted",
      tags: ['analysts'],
      params: z.object({ analystID: PathIdSchema }),
      body: z.object({ permission: PermissionSchema }).strict(),
      response: { 200: AnalystAnswer, ...errors },
    }),
    async (request) => {
      const row = await auditedWrite(db, request, async ({ tx, audit }) => {
        await lockAdministrators(tx);
        const before = await findAnalyst(tx, request.params.analystID);
        if (!before) throw notFound('analyst');
        if (before.permission === 'admin' && request.body.permission !== 'admin' && (await countAdmins(tx)) <= 1) {
          throw conflict('the last administrator cannot be demoted', 'permission');
        }
        const after = (await updateAnalystPermission(tx, before.id, request.body.permission))!;
        if (before.permission !== after.permission) {
          await audit({
            action: 'set analyst permission',
            itemType: 'analyst',
            itemID: after.id,
            detail: { from: before.permission, to: after.permission },
          });
        }
        return after;
      });
      return { analyst: (await answerFor(context, request))(row) };
    },
  );

  const grantParams = z.object({ analystID: PathIdSchema, userID: PathIdSchema });

  // Granting and revoking share the path, the answer and the audit entry, as an organization's members do.
  for (const method of ['PUT', 'DELETE'] as const) {
    routes.route({
      method,
      url: '/api/analyst/:analystID/grant/:userID',
      ...routeOptions('admin', {
        summary:
          method === 'PUT'
            ? 'Lets a user act as this analyst (add analyst permission; administrators)'
            : 'Stops a user acting as this analyst (remove analyst permission; administrators)',
        tags: ['analysts'],
        params: grantParams,
        response: { 200: answer({ granted: z.boolean() }), ...errors },
      }),
      handler: async (request) => {
        const { analystID, userID } = request.params;
        await auditedWrite(db, request, async ({ tx, analyst, audit }) => {
          let changed: boolean;
          if (method === 'PUT') {
            if (!(await findAnalyst(tx, analystID))) throw notFound('analyst');
            if (!(await findUserById(tx, userID))) throw notFound('user');
            changed = await insertGrant(tx, { analystId: analystID, userId: userID, grantedBy: analyst.id });
          } else {
            if (!(await deleteGrant(tx, analystID, userID))) throw notFound('grant');
            changed = true;
          }
          if (changed) {
            await audit({
              action: `${method === 'PUT' ? 'add' : 'remove'} analyst permission`,
              itemType: 'analyst',
              itemID: analystID,
              detail: { userID },
            });
          }
        });
        return { granted: method === 'PUT' };
      },
    });
  }
}
