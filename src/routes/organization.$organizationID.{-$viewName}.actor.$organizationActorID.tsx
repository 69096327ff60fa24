import { createFileRoute } from '@tanstack/react-router';
import { RoutePlaceholder } from '../ui/route-placeholder.tsx';
import { idParam } from './-route-params.ts';

export const Route = createFileRoute('/organization/$organizationID/{-$viewName}/actor/$organizationActorID')({
  params: idParam('organizationActorID'),
  component: OrganizationActor,
});

function OrganizationActor() {
  const params = Route.useParams();
  return <RoutePlaceholder title="Organization actor" params={params} />;
}
