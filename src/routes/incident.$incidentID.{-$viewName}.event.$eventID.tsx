import { createFileRoute } from '@tanstack/react-router';
import { EventDetailPanel } from '../features/incident/details/event-detail-panel.tsx';
import { idPanel } from './-id-panel.tsx';
import { idParam } from './-route-params.ts';

const Panel = idPanel('eventID', (id) => <EventDetailPanel key={id} eventID={id} />);

export const Route = createFileRoute('/incident/$incidentID/{-$viewName}/event/$eventID')({
  params: idParam('eventID'),
  component: Panel,
});
