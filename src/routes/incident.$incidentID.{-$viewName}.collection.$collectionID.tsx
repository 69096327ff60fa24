import { createFileRoute } from '@tanstack/react-router';
import { CollectionDetailPanel } from '../features/incident/details/collection-detail-panel.tsx';
import { idPanel } from './-id-panel.tsx';
import { idParam } from './-route-params.ts';

const Panel = idPanel('collectionID', (id) => <CollectionDetailPanel collectionID={id} />);

export const Route = createFileRoute('/incident/$incidentID/{-$viewName}/collection/$collectionID')({
  params: idParam('collectionID'),
  component: Panel,
});
