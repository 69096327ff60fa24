import { createFileRoute } from '@tanstack/react-router';
import { RoutePlaceholder } from '../ui/route-placeholder.tsx';
import { idParam } from './-route-params.ts';

export const Route = createFileRoute('/incident/$incidentID/{-$viewName}/link/$linkID')({
  params: idParam('linkID'),
  component: IncidentLink,
});

function IncidentLink() {
  const params = Route.useParams();
  return <RoutePlaceholder title="Link" params={params} />;
}
