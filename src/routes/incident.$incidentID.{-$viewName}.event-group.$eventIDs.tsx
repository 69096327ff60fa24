import { createFileRoute } from '@tanstack/react-router';
import { EventGroupDetailPanel } from '../features/incident/details/event-group-detail-panel.tsx';
import { eventIDsParam } from './-route-params.ts';

export const Route = createFileRoute('/incident/$incidentID/{-$viewName}/event-group/$eventIDs')({
  params: eventIDsParam,
  component: Panel,
});

function Panel() {
  const params = Route.useParams();
  return <EventGroupDetailPanel eventIDs={params.eventIDs} />;
}
