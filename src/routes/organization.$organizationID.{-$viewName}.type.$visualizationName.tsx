import { Outlet, createFileRoute } from '@tanstack/react-router';
import { visualizationNameParam } from './-route-params.ts';

export const Route = createFileRoute('/organization/$organizationID/{-$viewName}/type/$visualizationName')({
  params: visualizationNameParam,
  // The picture is drawn by the view route above; this level only holds its sub-routes' panels.
  component: Outlet,
});
