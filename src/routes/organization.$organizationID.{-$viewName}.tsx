import { Outlet, createFileRoute, useParams } from '@tanstack/react-router';
import { OrganizationTabs } from '../features/organizations/organization-screen.tsx';
import {
  OrganizationActors,
  OrganizationIncidents,
  OrganizationTags,
} from '../features/organizations/organization-views.tsx';
import { viewNameParam } from './-route-params.ts';
import { OrganizationChart } from './-organization-charts.tsx';
import { OrganizationPictureNav } from './-organization-picture-nav.tsx';
import {
  ORGANIZATION_EVENT_PICTURES,
  OrganizationPicture,
  type OrganizationEventPictureName,
} from './-organization-pictures.tsx';

export const Route = createFileRoute('/organization/$organizationID/{-$viewName}')({
  params: viewNameParam,
  component: OrganizationView,
});

const isEventPicture = (name: string): name is OrganizationEventPictureName =>
  (ORGANIZATION_EVENT_PICTURES as readonly string[]).includes(name);

function OrganizationView() {
  const { organizationID, viewName } = Route.useParams();
  const child: { visualizationName?: string } = useParams({ strict: false });
  const picture = child.visualizationName ?? (viewName === 'visualizations' ? 'incident-bar' : undefined);
  let content;
  if (picture === 'incident-bar' || picture === 'cross-incident-connections')
    content = <OrganizationChart name={picture} />;
  else if (picture === 'create-map' || (picture !== undefined && isEventPicture(picture)))
    content = <OrganizationPicture name={picture} />;
  else if (viewName === 'actors') content = <OrganizationActors />;
  else if (viewName === 'tags') content = <OrganizationTags />;
  else content = <OrganizationIncidents />;
  return (
    <>
      <OrganizationTabs
        organizationID={organizationID}
        viewName={child.visualizationName === undefined ? viewName : 'visualizations'}
      />
      <div className="flex items-start gap-3">
        <div className="flex min-w-0 flex-1 flex-col">
          {picture !== undefined ? <OrganizationPictureNav organizationID={organizationID} current={picture} /> : null}
          {content}
        </div>
        <Outlet />
      </div>
    </>
  );
}
