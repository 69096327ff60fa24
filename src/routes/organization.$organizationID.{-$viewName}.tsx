import { Outlet, createFileRoute } from '@tanstack/react-router';
import { RoutePlaceholder } from '../ui/route-placeholder.tsx';
import { viewNameParam } from './-route-params.ts';

export const Route = createFileRoute('/organization/$organizationID/{-$viewName}')({
  params: viewNameParam,
  component: OrganizationView,
});

function OrganizationView() {
  const params = Route.useParams();
  return (
    <>
      <RoutePlaceholder title="Organization view" params={{ ...params, viewName: params.viewName }} />
      <Outlet />
    </>
  );
}
