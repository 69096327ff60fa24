import { createFileRoute } from '@tanstack/react-router';
import { RoutePlaceholder } from '../ui/route-placeholder.tsx';
import { idParam } from './-route-params.ts';

export const Route = createFileRoute('/organization/$organizationID/{-$viewName}/type/$visualizationName/incident/$incidentID')({
  params: idParam('incidentID'),
  component: OrganizationVisualizationIncident,
});

function OrganizationVisualizationIncident() {
  const params = Route.useParams();
  return <RoutePlaceholder title="Incident in visualization" params={params} />;
}
