import { createFileRoute } from '@tanstack/react-router';
import { RoutePlaceholder } from '../ui/route-placeholder.tsx';
import { idParam } from './-route-params.ts';

export const Route = createFileRoute('/organization/$organizationID/{-$viewName}/event/$eventID')({
  params: idParam('eventID'),
  component: OrganizationEvent,
});

function OrganizationEvent() {
  const params = Route.useParams();
  return <RoutePlaceholder title="Event" params={params} />;
}
