import { Outlet, createFileRoute } from '@tanstack/react-router';
import { RoutePlaceholder } from '../ui/route-placeholder.tsx';
import { countTypeParam } from './-route-params.ts';

export const Route = createFileRoute('/organization/$organizationID/{-$viewName}/type/$visualizationName/count/$countType')({
  params: countTypeParam,
  component: OrganizationCount,
});

function OrganizationCount() {
  const params = Route.useParams();
  return (
    <>
      <RoutePlaceholder title="Count" params={params} />
      <Outlet />
    </>
  );
}
