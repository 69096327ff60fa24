import { Outlet, createFileRoute } from '@tanstack/react-router';
import { visualizationNameParam } from './-route-params.ts';

export const Route = createFileRoute('/incident/$incidentID/{-$viewName}/type/$visualizationName')({
  params: visualizationNameParam,
  // The picture itself is drawn by the view route above; this level only holds its event sub-route.
  component: Outlet,
});
