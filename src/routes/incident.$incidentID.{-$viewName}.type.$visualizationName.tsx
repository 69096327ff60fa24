import { Outlet, createFileRoute } from '@tanstack/react-router';
import { RoutePlaceholder } from '../ui/route-placeholder.tsx';
import { visualizationNameParam } from './-route-params.ts';

export const Route = createFileRoute('/incident/$incidentID/{-$viewName}/type/$visualizationName')({
  params: visualizationNameParam,
  component: IncidentVisualization,
});

function IncidentVisualization() {
  const params = Route.useParams();
  return (
    <>
      <RoutePlaceholder title="Visualization" params={params} />
      <Outlet />
    </>
  );
}
