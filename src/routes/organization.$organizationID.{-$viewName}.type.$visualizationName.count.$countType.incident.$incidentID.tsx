import { createFileRoute } from '@tanstack/react-router';
import { RoutePlaceholder } from '../ui/route-placeholder.tsx';
import { idParam } from './-route-params.ts';

export const Route = createFileRoute('/organization/$organizationID/{-$viewName}/type/$visualizationName/count/$countType/incident/$incidentID')({
  params: idParam('incidentID'),
  component: OrganizationCountIncident,
});

function OrganizationCountIncident() {
  const params = Route.useParams();
  return <RoutePlaceholder title="Incident in count" params={params} />;
}
