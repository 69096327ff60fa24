import { Outlet, createFileRoute } from '@tanstack/react-router';
import { RoutePlaceholder } from '../ui/route-placeholder.tsx';
import { viewNameParam } from './-route-params.ts';

export const Route = createFileRoute('/incident/$incidentID/{-$viewName}')({
  params: viewNameParam,
  component: IncidentView,
});

function IncidentView() {
  const params = Route.useParams();
  return (
    <>
      <RoutePlaceholder title="Incident view" params={{ ...params, viewName: params.viewName }} />
      <Outlet />
    </>
  );
}
