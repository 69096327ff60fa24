import { createFileRoute } from '@tanstack/react-router';
import { OrganizationActorPanel } from '../features/organizations/organization-panels.tsx';
import { idParam } from './-route-params.ts';

export const Route = createFileRoute('/organization/$organizationID/{-$viewName}/actor/$organizationActorID')({
  params: idParam('organizationActorID'),
  component: Panel,
});

function Panel() {
  const params = Route.useParams();
  return <OrganizationActorPanel actorID={params.organizationActorID} />;
}
