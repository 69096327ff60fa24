import { createFileRoute } from '@tanstack/react-router';
import { RoutePlaceholder } from '../ui/route-placeholder.tsx';
import { idParam } from './-route-params.ts';

export const Route = createFileRoute('/incident/$incidentID/{-$viewName}/event/$eventID')({
  params: idParam('eventID'),
  component: IncidentEvent,
});

function IncidentEvent() {
  const params = Route.useParams();
  return <RoutePlaceholder title="Event" params={params} />;
}
