import { Outlet, createFileRoute, useParams } from '@tanstack/react-router';
import { CreateStreamScreen } from '../features/imports/create-stream-screen.tsx';
import { viewNameParam } from './-route-params.ts';
import { IncidentViewContent } from './-incident-view-content.tsx';

export const Route = createFileRoute('/incident/$incidentID/{-$viewName}')({
  params: viewNameParam,
  component: IncidentView,
});

function IncidentView() {
  const params = Route.useParams();
  // The picture of type/{visualizationName} is drawn here, beside the detail panel of its sub-route.
  const child: { visualizationName?: string } = useParams({ strict: false });
  if (params.viewName === 'create-stream') return <CreateStreamScreen incidentID={params.incidentID} />;
  return (
    <>
      <div className="min-w-0 flex-1">
        <IncidentViewContent viewName={params.viewName} visualizationName={child.visualizationName} />
      </div>
      <Outlet />
    </>
  );
}
