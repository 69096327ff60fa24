import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { IncidentForm } from '../features/organizations/incident-form.tsx';

export const Route = createFileRoute('/incident/new')({
  component: NewIncident,
});

function NewIncident() {
  const navigate = useNavigate();
  return (
    <IncidentForm
      organizationID={undefined}
      onCreated={(incidentID) => void navigate({ to: '/incident/$incidentID', params: { incidentID } })}
      onCancel={() => void navigate({ to: '/' })}
    />
  );
}
