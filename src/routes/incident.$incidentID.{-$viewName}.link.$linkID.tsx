import { createFileRoute } from '@tanstack/react-router';
import { LinkDetailPanel } from '../features/incident/details/link-detail-panel.tsx';
import { idPanel } from './-id-panel.tsx';
import { idParam } from './-route-params.ts';

const Panel = idPanel('linkID', (id) => <LinkDetailPanel linkID={id} />);

export const Route = createFileRoute('/incident/$incidentID/{-$viewName}/link/$linkID')({
  params: idParam('linkID'),
  component: Panel,
});
