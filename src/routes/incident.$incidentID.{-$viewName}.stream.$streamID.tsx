import { createFileRoute } from '@tanstack/react-router';
import { RoutePlaceholder } from '../ui/route-placeholder.tsx';
import { idParam } from './-route-params.ts';

export const Route = createFileRoute('/incident/$incidentID/{-$viewName}/stream/$streamID')({
  params: idParam('streamID'),
  component: IncidentStream,
});

function IncidentStream() {
  const params = Route.useParams();
  return <RoutePlaceholder title="Stream" params={params} />;
}
