import { Outlet, createFileRoute } from '@tanstack/react-router';
import { Page } from '../ui/page.tsx';
import { idParam } from './-route-params.ts';

export const Route = createFileRoute('/organization/$organizationID')({
  params: idParam('organizationID'),
  component: Organization,
});

// The organization screen arrives with its issue; until then the route shows its parsed parameters.
function Organization() {
  const { organizationID } = Route.useParams();
  return (
    <Page title={`Organization ${organizationID}`} wide>
      <Outlet />
    </Page>
  );
}
