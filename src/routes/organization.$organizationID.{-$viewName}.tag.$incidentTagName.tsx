import { createFileRoute } from '@tanstack/react-router';
import { RoutePlaceholder } from '../ui/route-placeholder.tsx';
import { incidentTagNameParam } from './-route-params.ts';

export const Route = createFileRoute('/organization/$organizationID/{-$viewName}/tag/$incidentTagName')({
  params: incidentTagNameParam,
  component: OrganizationTag,
});

function OrganizationTag() {
  const params = Route.useParams();
  return <RoutePlaceholder title="Incident tag" params={params} />;
}
