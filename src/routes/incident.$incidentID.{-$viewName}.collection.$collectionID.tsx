import { createFileRoute } from '@tanstack/react-router';
import { RoutePlaceholder } from '../ui/route-placeholder.tsx';
import { idParam } from './-route-params.ts';

export const Route = createFileRoute('/incident/$incidentID/{-$viewName}/collection/$collectionID')({
  params: idParam('collectionID'),
  component: IncidentCollection,
});

function IncidentCollection() {
  const params = Route.useParams();
  return <RoutePlaceholder title="Collection" params={params} />;
}
