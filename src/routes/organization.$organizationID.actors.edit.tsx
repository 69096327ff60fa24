import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { ActorsBulkEdit } from '../features/organizations/actors-bulk-edit.tsx';

export const Route = createFileRoute('/organization/$organizationID/actors/edit')({
  component: EditOrganizationActors,
});

function EditOrganizationActors() {
  const { organizationID } = Route.useParams();
  const navigate = useNavigate();
  return (
    <ActorsBulkEdit
      onDone={() =>
        void navigate({
          to: '/organization/$organizationID/{-$viewName}',
          params: { organizationID, viewName: 'actors' },
        })
      }
    />
  );
}
