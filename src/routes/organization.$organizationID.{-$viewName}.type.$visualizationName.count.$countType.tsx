import { Outlet, createFileRoute } from '@tanstack/react-router';
import { countTypeParam } from './-route-params.ts';

export const Route = createFileRoute(
  '/organization/$organizationID/{-$viewName}/type/$visualizationName/count/$countType',
)({
  params: countTypeParam,
  // The count type chooses what the incident-bar picture counts; the view route above draws it.
  component: Outlet,
});
