import { createFileRoute } from '@tanstack/react-router';
import { MapDetailPanel } from '../features/incident/details/map-detail-panel.tsx';
import { idPanel } from './-id-panel.tsx';
import { idParam } from './-route-params.ts';

const Panel = idPanel('mapID', (id) => <MapDetailPanel mapID={id} />);

export const Route = createFileRoute('/incident/$incidentID/{-$viewName}/map/$mapID')({
  params: idParam('mapID'),
  component: Panel,
});
