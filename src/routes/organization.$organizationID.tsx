import { Outlet, createFileRoute } from '@tanstack/react-router';
import { OrganizationScreen } from '../features/organizations/organization-screen.tsx';
import { useTimeZone } from '../features/settings/use-time-zone.ts';
import { idParam } from './-route-params.ts';

export const Route = createFileRoute('/organization/$organizationID')({
  params: idParam('organizationID'),
  component: Organization,
});

function Organization() {
  const { organizationID } = Route.useParams();
  const [timeZone] = useTimeZone();
  return (
    <OrganizationScreen key={organizationID} organizationID={organizationID} timeZone={timeZone}>
      <Outlet />
    </OrganizationScreen>
  );
}
