import { createFileRoute } from '@tanstack/react-router';
import { RoutePlaceholder } from '../ui/route-placeholder.tsx';

export const Route = createFileRoute('/organization/$organizationID/actor/new')({
  component: NewOrganizationActor,
});

function NewOrganizationActor() {
  const params = Route.useParams();
  return <RoutePlaceholder title="Add organization actor" params={params} />;
}
