/*
 * The organization and incident the current URL is about (the shell renders outside every route,
 * so it cannot use a route's own hooks). Read from the address itself, matched against the route
 * tree, not from the router's settled matches: those arrive only once the route's code and loaders
 * are in, and a pin pressed before then would land on the analyst's own setting instead of the
 * incident's. The view context is the record whose header pin and filter list apply: the incident
 * on incident pages, else the organization.
 */
import { useRouter, useRouterState } from '@tanstack/react-router';
import type { ViewContext } from '../features/settings/use-shell-flags.ts';

interface RouteContext {
  organizationID: number | undefined;
  incidentID: number | undefined;
  view: ViewContext | undefined;
}

function idOf(value: string | undefined): number | undefined {
  if (value === undefined || !/^[1-9][0-9]*$/.test(value)) return undefined;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : undefined;
}

export function useRouteContext(): RouteContext {
  const router = useRouter();
  // A string key, so the shell re-renders only when the ids change, not on every navigation.
  const key = useRouterState({
    select: (state) => {
      const [routes, params] = router.getMatchedRoutes(state.location.pathname);
      let kind = '';
      for (const route of routes) {
        if (route.id === '/incident/$incidentID') kind ||= 'incident';
        if (route.id === '/organization/$organizationID') kind ||= 'organization';
      }
      return `${kind}|${idOf(params['organizationID']) ?? ''}|${idOf(params['incidentID']) ?? ''}`;
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
