/* /organizations: every organization the analyst may read, filterable, with "Add organization". */
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useOrganizations, useOrganizationsSync } from '../../data/mirror/index.ts';
import { Page } from '../../ui/page.tsx';
import { Timestamp } from '../../ui/timestamp.tsx';
import { DataTable } from '../../ui/data-table.tsx';
import { SearchField } from '../../ui/search-field.tsx';
import { OrganizationLink } from '../../ui/entity-link.tsx';

export function OrganizationsScreen({ timeZone }: { timeZone: string }) {
  const sync = useOrganizationsSync();
  const organizations = useOrganizations();
  const [term, setTerm] = useState('');
  const shown = (organizations ?? []).filter((organization) =>
    `${organization.name} ${organization.description}`.toLowerCase().includes(term.trim().toLowerCase()),
  );
  return (
    <Page
      title="Organizations"
      actions={
        <Link
          to="/organization/new"
          className="rounded-md border border-transparent bg-accent-bg px-3 py-1.5 font-medium text-on-accent hover:brightness-110"
        >
          Add organization
        </Link>
      }
    >
      <div className="flex items-end gap-3">
        <SearchField label="Filter" value={term} onValue={setTerm} className="w-72" />
        {sync.status === 'syncing' ? <span className="pb-1.5 text-sm text-muted">Syncing…</span> : null}
        {sync.status === 'error' ? (
          <span role="alert" className="pb-1.5 text-sm text-danger">
            Sync failed: {sync.error}
          </span>
        ) : null}
      </div>
      {organizations === undefined ? (
        <p role="status" className="text-muted">
          Loading organizations…
        </p>
      ) : (
        <DataTable
          rows={shown}
          rowKey={(organization) => organization.id}
          empty={<>No organizations{term ? ' match' : ' yet'}.</>}
          columns={[
            {
              title: 'Organization',
              cell: (organization) => (
                <OrganizationLink organizationID={organization.id}>{organization.name}</OrganizationLink>
              ),
            },
            {
              title: 'Description',
              className: 'max-w-md truncate text-muted',
              cell: (organization) => organization.description,
            },
            { title: 'Incidents', numeric: true, cell: (organization) => organization.incidentCount },
            {
              title: 'Created',
              cell: (organization) => <Timestamp micros={organization.createTimestamp} zone={timeZone} />,
            },
          ]}
        />
      )}
    </Page>
  );
}
