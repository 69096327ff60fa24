import { createFileRoute } from '@tanstack/react-router';
import { OrganizationEventPanel } from '../features/organizations/organization-event-panel.tsx';
import { idPanel } from './-id-panel.tsx';
import { idParam } from './-route-params.ts';

const Panel = idPanel('eventID', (id) => <OrganizationEventPanel eventID={id} />);

export const Route = createFileRoute('/organization/$organizationID/{-$viewName}/event/$eventID')({
  params: idParam('eventID'),
  component: Panel,
});
