import { createFileRoute } from '@tanstack/react-router';
import { RoutePlaceholder } from '../ui/route-placeholder.tsx';
import { idParam } from './-route-params.ts';

export const Route = createFileRoute('/organization/$organizationID/{-$viewName}/incident/$incidentID')({
  params: idParam('incidentID'),
  component: OrganizationIncident,
});

function OrganizationIncident() {
  const params = Route.useParams();
  return <RoutePlaceholder title="Incident in organization" params={params} />;
}
