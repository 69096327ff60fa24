import { createFileRoute } from '@tanstack/react-router';
import { OrganizationIncidentPanel } from '../features/organizations/organization-panels.tsx';
import { idPanel } from './-id-panel.tsx';
import { idParam } from './-route-params.ts';

const Panel = idPanel('incidentID', (id) => <OrganizationIncidentPanel incidentID={id} />);

export const Route = createFileRoute(
  '/organization/$organizationID/{-$viewName}/type/$visualizationName/count/$countType/incident/$incidentID',
)({
  params: idParam('incidentID'),
  component: Panel,
});
