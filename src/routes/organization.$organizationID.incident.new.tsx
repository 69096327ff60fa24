import { createFileRoute } from '@tanstack/react-router';
import { RoutePlaceholder } from '../ui/route-placeholder.tsx';

export const Route = createFileRoute('/organization/$organizationID/incident/new')({
  component: NewOrganizationIncident,
});

function NewOrganizationIncident() {
  const params = Route.useParams();
  return <RoutePlaceholder title="Add incident for this organization" params={params} />;
}
