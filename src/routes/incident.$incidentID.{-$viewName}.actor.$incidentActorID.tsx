import { createFileRoute } from '@tanstack/react-router';
import { RoutePlaceholder } from '../ui/route-placeholder.tsx';
import { idParam } from './-route-params.ts';

export const Route = createFileRoute('/incident/$incidentID/{-$viewName}/actor/$incidentActorID')({
  params: idParam('incidentActorID'),
  component: IncidentActor,
});

function IncidentActor() {
  const params = Route.useParams();
  return <RoutePlaceholder title="Incident actor" params={params} />;
}
