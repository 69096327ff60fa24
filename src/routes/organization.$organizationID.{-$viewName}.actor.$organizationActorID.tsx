import { createFileRoute } from '@tanstack/react-router';
import { OrganizationActorPanel } from '../features/organizations/organization-panels.tsx';
import { idPanel } from './-id-panel.tsx';
import { idParam } from './-route-params.ts';

const Panel = idPanel('organizationActorID', (id) => <OrganizationActorPanel actorID={id} />);

export const Route = createFileRoute('/organization/$organizationID/{-$viewName}/actor/$organizationActorID')({
  params: idParam('organizationActorID'),
  component: Panel,
});
