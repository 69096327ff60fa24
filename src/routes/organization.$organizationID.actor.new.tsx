import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { ActorForm } from '../features/organizations/actor-form.tsx';

export const Route = createFileRoute('/organization/$organizationID/actor/new')({
  component: NewOrganizationActor,
});

function NewOrganizationActor() {
  const { organizationID } = Route.useParams();
  const navigate = useNavigate();
  return (
    <ActorForm
      organizationID={organizationID}
      onDone={() =>
        void navigate({
          to: '/organization/$organizationID/{-$viewName}',
          params: { organizationID, viewName: 'actors' },
        })
      }
    />
  );
}
