import { Outlet, createFileRoute, useParams } from '@tanstack/react-router';
import { OrganizationTabs } from '../features/organizations/organization-screen.tsx';
import { OrganizationPictureComingLater } from '../features/organizations/organization-panels.tsx';
import { OrganizationActors, OrganizationIncidents, OrganizationTags } from '../features/organizations/organization-views.tsx';
import { viewNameParam } from './-route-params.ts';
import { OrganizationChart } from './-organization-charts.tsx';

export const Route = createFileRoute('/organization/$organizationID/{-$viewName}')({
  params: viewNameParam,
  component: OrganizationView,
});

function OrganizationView() {
  const { organizationID, viewName } = Route.useParams();
  const child: { visualizationName?: string } = useParams({ strict: false });
  let content;
  if (child.visualizationName === 'incident-bar' || child.visualizationName === 'cross-incident-connections') content = <OrganizationChart name={child.visualizationName} />;
  else if (child.visualizationName) content = <OrganizationPictureComingLater name={child.visualizationName} />;
  else if (viewName === 'actors') content = <OrganizationActors />;
  else if (viewName === 'tags') content = <OrganizationTags />;
  else if (viewName === 'visualizations') content = <OrganizationChart name="incident-bar" />;
  else content = <OrganizationIncidents />;
  return (
    <>
      <OrganizationTabs organizationID={organizationID} viewName={child.visualizationName === undefined ? viewName : 'visualizations'} />
      <div className="flex items-start gap-3">
        <div className="min-w-0 flex-1">{content}</div>
        <Outlet />
      </div>
    </>
  );
}
