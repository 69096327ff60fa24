import { createFileRoute } from '@tanstack/react-router';
import { RoutePlaceholder } from '../ui/route-placeholder.tsx';

export const Route = createFileRoute('/organization/$organizationID/actors/edit')({
  component: EditOrganizationActors,
});

function EditOrganizationActors() {
  const params = Route.useParams();
  return <RoutePlaceholder title="Bulk edit organization actors" params={params} />;
}
