import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { IncidentForm } from '../features/organizations/incident-form.tsx';

export const Route = createFileRoute('/organization/$organizationID/incident/new')({
  component: NewOrganizationIncident,
});

function NewOrganizationIncident() {
  const { organizationID } = Route.useParams();
  const navigate = useNavigate();
  return (
    <IncidentForm
      organizationID={organizationID}
      onCreated={(incidentID) => void navigate({ to: '/incident/$incidentID', params: { incidentID } })}
      onCancel={() => void navigate({ to: '/organization/$organizationID', params: { organizationID } })}
    />
  );
}
