import { createFileRoute } from '@tanstack/react-router';
import { ActorForm } from '../features/organizations/actor-form.tsx';
import { useToActorsTab } from './-use-to-actors-tab.ts';

export const Route = createFileRoute('/organization/$organizationID/actor/new')({
  component: NewOrganizationActor,
});

function NewOrganizationActor() {
  const { organizationID } = Route.useParams();
  const toActorsTab = useToActorsTab(organizationID);
  return <ActorForm organizationID={organizationID} onDone={toActorsTab} />;
}
