/*
 * The organization and incident the current URL is about, read from the router's matches (the
 * shell renders outside every route, so it cannot use a route's own hooks). The view context is the
 * record whose header pin and filter list apply: the incident on incident pages, else the organization.
 */
import { useRouterState } from '@tanstack/react-router';
import type { ViewContext } from '../features/settings/use-shell-flags.ts';

interface RouteContext {
  organizationID: number | undefined;
  incidentID: number | undefined;
  view: ViewContext | undefined;
}

function idOf(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : undefined;
}

export function useRouteContext(): RouteContext {
  // A string key, so the shell re-renders only when the ids change, not on every navigation.
  const key = useRouterState({
    select: (state) => {
      let organizationID: number | undefined;
      let incidentID: number | undefined;
      let kind = '';
      for (const match of state.matches) {
        const params: Record<string, unknown> = match.params;
        if (match.routeId === '/incident/$incidentID') kind ||= 'incident';
        if (match.routeId === '/organization/$organizationID') kind ||= 'organization';
        organizationID ??= idOf(params['organizationID']);
        incidentID ??= idOf(params['incidentID']);
      }
      return `${kind}|${organizationID ?? ''}|${incidentID ?? ''}`;
    },
  });
  const [kind, organization, incident] = key.split('|');
  const organizationID = organization ? Number(organization) : undefined;
  const incidentID = incident ? Number(incident) : undefined;
  let view: ViewContext | undefined;
  if (kind === 'incident' && incidentID) view = { kind: 'incident', id: incidentID };
  if (kind === 'organization' && organizationID) view = { kind: 'organization', id: organizationID };
  return { organizationID, incidentID, view };
}
