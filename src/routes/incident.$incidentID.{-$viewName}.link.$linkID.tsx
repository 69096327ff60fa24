import { createFileRoute } from '@tanstack/react-router';
import { LinkDetailPanel } from '../features/incident/details/link-detail-panel.tsx';
import { idParam } from './-route-params.ts';

export const Route = createFileRoute('/incident/$incidentID/{-$viewName}/link/$linkID')({
  params: idParam('linkID'),
  component: Panel,
});

function Panel() {
  const params = Route.useParams();
  return <LinkDetailPanel linkID={params.linkID} />;
}
