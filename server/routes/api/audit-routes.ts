/*
 * The audit calls: UI actions reported by the app, and the server's own data audit. Analysts read
 * their own entries; administrators read everyone's.
 */
import { z } from 'zod';
import { ApiErrorSchema } from '../../../domain/api-error.ts';
import {
  AuditActionBodySchema,
  AuditActionNameSchema,
  AuditActionSchema,
  AuditQuerySchema,
  DataAuditEntrySchema,
  type AuditQuery,
} from '../../../domain/audit.ts';
import type { AppContext } from '../../app-context.ts';
import { forbidden } from '../../http-error.ts';
import { acting, type Acting } from '../../plugins/auth.ts';
import { insertAuditAction, listAuditActions, listDataAudit } from '../../repositories/audit-repository.ts';
import { requireActionContext } from '../../repositories/audit-context.ts';
import { type ApiRoutes, apiErrors, routeOptions } from '../route-options.ts';
import { answer } from '../audited-write.ts';

const errors = apiErrors(400, 401, 403);

/** Non-administrators see only the analyst they act as. */
function scoped(query: AuditQuery, who: Acting): AuditQuery {
  if (who.analyst.permission === 'admin') return query;
  if (query.analystID !== undefined && query.analystID !== who.analyst.id) {
    throw forbidden("only administrators may read other analysts' audit entries", 'analystID');
  }
  return { ...query, analystID: who.analyst.id };
}

export function auditRoutes(routes: ApiRoutes, context: AppContext): void {
  const { db } = context;

  routes.post(
    '/api/audit/action/:actionName',
    {
      config: { access: 'read' },
      bodyLimit: 32_768,
      schema: {
        summary:
          'Records a UI action with its context ids (each must be reachable: 404 otherwise) and value; a clientID the analyst repeats is stored once',
        tags: ['audit'],
        params: z.object({ actionName: AuditActionNameSchema }),
        body: AuditActionBodySchema.optional(),
        response: {
          200: answer({ action: z.object({ id: z.number().int(), created: z.boolean() }) }),
          201: answer({ action: z.object({ id: z.number().int(), created: z.boolean() }) }),
          ...errors,
          404: ApiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { user, analyst } = acting(request);
      // In a transaction, so an Idempotency-Key is recorded with the row (plugins/idempotency.ts):
      // written apart, a process stopping between the two let a resent copy store it twice.
      const body = request.body ?? {};
      const stored = await db.transaction(async (tx) => {
        await requireActionContext(tx, analyst, body);
        return insertAuditAction(tx, { userID: user.id, analystID: analyst.id }, request.params.actionName, body);
      });
      reply.code(stored.created ? 201 : 200);
      return { action: stored };
    },
  );

  routes.get(
    '/api/audit/ui',
    routeOptions('read', {
      summary: 'UI actions, newest first; filter by analystID, action and time; page with `before` (the last id seen)',
      tags: ['audit'],
      querystring: AuditQuerySchema,
      response: {
        200: answer({
          actions: z.array(AuditActionSchema),
          nextBefore: z.number().int().nullable(),
        }),
        ...errors,
      },
    }),
    async (request) => {
      const query = scoped(request.query, acting(request));
      const rows = await listAuditActions(db, query);
      return {
        actions: rows.map((row) => ({
          id: row.id,
          actionName: row.action_name,
          organizationID: row.organization_id,
          incidentID: row.incident_id,
          eventID: row.event_id,
          streamID: row.stream_id,
          mapID: row.map_id,
          value: (row.value ?? null) as z.infer<typeof AuditActionSchema>['value'],
          userID: row.user_id,
          analystID: row.analyst_id,
          analystName: row.analyst_name ?? '',
          timestamp: row.at_micros,
          clientTimestamp: row.client_micros,
        })),
        nextBefore: rows.length === query.limit ? rows[rows.length - 1]!.id : null,
      };
    },
  );

  routes.get(
    '/api/audit/data',
    routeOptions('read', {
      summary:
        "The server's record of every write, newest first; filter by analystID, action, itemType, itemID and time",
      tags: ['audit'],
      querystring: AuditQuerySchema,
      response: {
        200: answer({
          entries: z.array(DataAuditEntrySchema),
          nextBefore: z.number().int().nullable(),
        }),
        ...errors,
      },
    }),
    async (request) => {
      const query = scoped(request.query, acting(request));
      const rows = await listDataAudit(db, query);
      return {
        entries: rows.map((row) => ({
          id: row.id,
          action: row.action,
          itemType: row.item_type,
          itemID: row.item_id,
          detail: (row.detail ?? null) as z.infer<typeof DataAuditEntrySchema>['detail'],
          userID: row.user_id,
          analystID: row.analyst_id,
          analystName: row.analyst_name,
          timestamp: row.at_micros,
        })),
        nextBefore: rows.length === query.limit ? rows[rows.length - 1]!.id : null,
      };
    },
  );
}
