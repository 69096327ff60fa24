/*
 * An organization's page: its name and description, then its incidents, actors or tags (tabs by
 * view name), with a detail panel of the sub-route beside them.
 */
import { Link, linkOptions } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useOrganization, useOrganizationSync } from '../../data/mirror/index.ts';
import { LinkTabs } from '../../ui/link-tabs.tsx';
import { Page } from '../../ui/page.tsx';
import { OrganizationPageContext } from './organization-page-context.ts';

const ORGANIZATION_TABS = [
  { viewName: undefined, label: 'Incidents' },
  { viewName: 'actors', label: 'Actors' },
  { viewName: 'tags', label: 'Tags' },
  { viewName: 'visualizations', label: 'Pictures' },
] as const;

export function OrganizationScreen({
  organizationID,
  timeZone,
  children,
}: {
  organizationID: number;
  timeZone: string;
  children: ReactNode;
}) {
  const sync = useOrganizationSync(organizationID);
  const mirror = useOrganization(organizationID);
  if (!mirror) {
    return (
      <Page title={`Organization ${organizationID}`}>
        {sync.status === 'error' ? (
          <p role="alert" className="text-danger">
            The organization could not be loaded{sync.error ? `: ${sync.error}` : '.'}
          </p>
        ) : (
          <p role="status" className="text-muted">
            Loading the organization…
          </p>
        )}
      </Page>
    );
  }
  return (
    <OrganizationPageContext.Provider value={{ organizationID, mirror, timeZone }}>
      <Page
        title={mirror.organization.name}
        wide
        actions={
          <Link
            to="/organization/$organizationID/incident/new"
            params={{ organizationID }}
            className="rounded-md border border-transparent bg-accent-bg px-3 py-1.5 font-medium text-on-accent hover:brightness-110"
          >
            Add incident
          </Link>
        }
      >
        {mirror.organization.description ? (
          <p className="max-w-3xl text-muted">{mirror.organization.description}</p>
        ) : null}
        {sync.status === 'syncing' ? <span className="text-sm text-muted">Syncing…</span> : null}
        {children}
      </Page>
    </OrganizationPageContext.Provider>
  );
}

export function OrganizationTabs({
  organizationID,
  viewName,
}: {
  organizationID: number;
  viewName: string | undefined;
}) {
  const current = viewName === 'incidents' || viewName === 'organization' ? undefined : viewName;
  return (
    <LinkTabs
      label="Organization views"
      groups={[
        ORGANIZATION_TABS.map((tab) => ({
          label: tab.label,
          current: current === tab.viewName,
          link: linkOptions({
            to: '/organization/$organizationID/{-$viewName}',
            params: { organizationID, viewName: tab.viewName },
          }),
        })),
      ]}
    />
  );
}
