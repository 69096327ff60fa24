import { Outlet, createFileRoute } from '@tanstack/react-router';
import { Page } from '../ui/page.tsx';
import { idParam } from './-route-params.ts';

export const Route = createFileRoute('/incident/$incidentID')({
  params: idParam('incidentID'),
  component: Incident,
});

// The incident screen arrives with its issue; until then the route shows its parsed parameters.
function Incident() {
  const { incidentID } = Route.useParams();
  return (
    <Page title={`Incident ${incidentID}`} wide>
      <Outlet />
    </Page>
  );
}
