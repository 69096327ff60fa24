/*
 * GET /api/organization/{organizationID}/connections: what the cross-incident-connections picture
 * joins incidents by besides their tags (organization actors, related incidents). Read access,
 * behind the organization wall like the organization itself (404 outside it).
 */
import { IncidentConnectionsAnswerSchema } from '../../../domain/charts/incident-connections.ts';
import type { AppContext } from '../../app-context.ts';
import { acting } from '../../plugins/auth.ts';
import { requireOrganization } from '../../repositories/access-repository.ts';
import { incidentConnections } from '../../repositories/connections-repository.ts';
import { OrganizationParams } from '../path-params.ts';
import { type ApiRoutes, apiErrors, routeOptions } from '../route-options.ts';

const errors = apiErrors(400, 401, 403, 404);

export function connectionRoutes(routes: ApiRoutes, context: AppContext): void {
  const { db } = context;
  routes.get(
    '/api/organization/:organizationID/connections',
    routeOptions('read', {
      summary:
        'Per incident of the organization: the organization actors its actors are linked to, and its related incidents in the organization',
      tags: ['organizations'],
      params: OrganizationParams,
      response: { 200: IncidentConnectionsAnswerSchema, ...errors },
    }),
    async (request) => {
      const { analyst } = acting(request);
      const { organizationID } = request.params;
      await requireOrganization(db, analyst, organizationID);
      return { connections: await incidentConnections(db, organizationID), version: context.version };
    },
  );
}
