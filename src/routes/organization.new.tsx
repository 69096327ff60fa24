import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { OrganizationForm } from '../features/organizations/organization-form.tsx';

export const Route = createFileRoute('/organization/new')({
  component: NewOrganization,
});

function NewOrganization() {
  const navigate = useNavigate();
  return (
    <OrganizationForm
      onCreated={(organizationID) => void navigate({ to: '/organization/$organizationID', params: { organizationID } })}
      onCancel={() => void navigate({ to: '/organizations' })}
    />
  );
}
