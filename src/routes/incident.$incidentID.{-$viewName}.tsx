import { Outlet, createFileRoute } from '@tanstack/react-router';
import { CreateStreamScreen } from '../features/imports/create-stream-screen.tsx';
import { RoutePlaceholder } from '../ui/route-placeholder.tsx';
import { viewNameParam } from './-route-params.ts';

export const Route = createFileRoute('/incident/$incidentID/{-$viewName}')({
  params: viewNameParam,
  component: IncidentView,
});

function IncidentView() {
  const params = Route.useParams();
  if (params.viewName === 'create-stream') return <CreateStreamScreen incidentID={params.incidentID} />;
  return (
    <>
      <RoutePlaceholder title="Incident view" params={{ ...params, viewName: params.viewName }} />
      <Outlet />
    </>
  );
}
