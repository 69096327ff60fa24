import { createFileRoute } from '@tanstack/react-router';
import { RoutePlaceholder } from '../ui/route-placeholder.tsx';
import { idParam } from './-route-params.ts';

export const Route = createFileRoute('/incident/$incidentID/{-$viewName}/map/$mapID')({
  params: idParam('mapID'),
  component: IncidentMap,
});

function IncidentMap() {
  const params = Route.useParams();
  return <RoutePlaceholder title="Incident map" params={params} />;
}
