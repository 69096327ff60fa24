import { createFileRoute } from '@tanstack/react-router';
import { OrganizationTagPanel } from '../features/organizations/organization-panels.tsx';
import { incidentTagNameParam } from './-route-params.ts';

export const Route = createFileRoute('/organization/$organizationID/{-$viewName}/tag/$incidentTagName')({
  params: incidentTagNameParam,
  component: Panel,
});

function Panel() {
  const params = Route.useParams();
  return <OrganizationTagPanel tagName={params.incidentTagName} />;
}
