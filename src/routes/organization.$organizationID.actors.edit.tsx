import { createFileRoute } from '@tanstack/react-router';
import { ActorsBulkEdit } from '../features/organizations/actors-bulk-edit.tsx';
import { useToActorsTab } from './-use-to-actors-tab.ts';

export const Route = createFileRoute('/organization/$organizationID/actors/edit')({
  component: EditOrganizationActors,
});

function EditOrganizationActors() {
  const { organizationID } = Route.useParams();
  const toActorsTab = useToActorsTab(organizationID);
  return <ActorsBulkEdit onDone={toActorsTab} />;
}
