import { Outlet, createFileRoute, useParams } from '@tanstack/react-router';
import { CreateStreamScreen } from '../features/imports/create-stream-screen.tsx';
import { useIncidentPage } from '../features/incident/incident-page-context.ts';
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
  if (params.viewName === 'create-stream') return <CreateStream incidentID={params.incidentID} />;
  return (
    <>
      <div className="min-w-0 flex-1">
        <IncidentViewContent viewName={params.viewName} visualizationName={child.visualizationName} />
      </div>
      <Outlet />
    </>
  );
}

/**
 * The create-stream page, given the incident's first event: a file whose times have no date (a Zoom
 * chat, Logback's time of day) or count from zero (a transcript) is previewed from it, as the server
 * imports it, unless the analyst sets another start.
 */
function CreateStream({ incidentID }: { incidentID: number }) {
  const { data } = useIncidentPage();
  return <CreateStreamScreen incidentID={incidentID} firstEventMicros={data.incident.firstTimestamp ?? undefined} />;
}
