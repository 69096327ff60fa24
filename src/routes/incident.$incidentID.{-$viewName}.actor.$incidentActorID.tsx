import { createFileRoute } from '@tanstack/react-router';
import { ActorDetailPanel } from '../features/incident/details/actor-detail-panel.tsx';
import { idPanel } from './-id-panel.tsx';
import { idParam } from './-route-params.ts';

const Panel = idPanel('incidentActorID', (id) => <ActorDetailPanel actorID={id} />);

export const Route = createFileRoute('/incident/$incidentID/{-$viewName}/actor/$incidentActorID')({
  params: idParam('incidentActorID'),
  component: Panel,
});
