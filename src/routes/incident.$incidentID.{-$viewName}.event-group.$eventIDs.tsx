import { createFileRoute } from '@tanstack/react-router';
import { RoutePlaceholder } from '../ui/route-placeholder.tsx';
import { eventIDsParam } from './-route-params.ts';

export const Route = createFileRoute('/incident/$incidentID/{-$viewName}/event-group/$eventIDs')({
  params: eventIDsParam,
  component: IncidentEventGroup,
});

function IncidentEventGroup() {
  const params = Route.useParams();
  return <RoutePlaceholder title="Event group" params={params} />;
}
