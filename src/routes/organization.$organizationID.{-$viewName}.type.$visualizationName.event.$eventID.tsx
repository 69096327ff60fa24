import { createFileRoute } from '@tanstack/react-router';
import { RoutePlaceholder } from '../ui/route-placeholder.tsx';
import { idParam } from './-route-params.ts';

export const Route = createFileRoute('/organization/$organizationID/{-$viewName}/type/$visualizationName/event/$eventID')({
  params: idParam('eventID'),
  component: OrganizationVisualizationEvent,
});

function OrganizationVisualizationEvent() {
  const params = Route.useParams();
  return <RoutePlaceholder title="Event in visualization" params={params} />;
}
