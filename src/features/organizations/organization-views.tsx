/* The tabs of an organization's page: its incidents, its actors, its incident tags with counts. */
import { Link } from '@tanstack/react-router';
import { IncidentsTable } from './incidents-table.tsx';
import { useOrganizationPage } from './organization-page-context.ts';
import { DataTable } from '../../ui/data-table.tsx';

export function OrganizationIncidents() {
  const { mirror, timeZone } = useOrganizationPage();
  return <IncidentsTable incidents={mirror.incidents} timeZone={timeZone} />;
}

export function OrganizationActors() {
  const { mirror, organizationID } = useOrganizationPage();
  const actors = [...mirror.actors].sort((a, b) => a.displayName.localeCompare(b.displayName));
  return (
    <section aria-label="Organization actors" className="flex flex-col gap-2">
      <div className="flex gap-2">
        <Link
          to="/organization/$organizationID/actor/new"
          params={{ organizationID }}
          className="rounded-md border border-line bg-panel px-3 py-1.5 font-medium hover:bg-raised"
        >
          Add actor
        </Link>
        <Link
          to="/organization/$organizationID/actors/edit"
          params={{ organizationID }}
          className="rounded-md border border-line bg-panel px-3 py-1.5 font-medium hover:bg-raised"
        >
          Edit all actors
        </Link>
      </div>
      <DataTable
        rows={actors}
        rowKey={(actor) => actor.id}
        empty="No actors yet."
        columns={[
          {
            title: 'Actor',
            cell: (actor) => (
              <Link
                to="/organization/$organizationID/{-$viewName}/actor/$organizationActorID"
                params={{ organizationID, viewName: 'actors', organizationActorID: actor.id }}
                className="font-medium text-accent hover:underline"
              >
                {actor.displayName}
              </Link>
            ),
          },
          { title: 'Kind', className: 'text-muted', cell: (actor) => (actor.isBot ? 'bot' : 'human') },
          { title: 'Since', className: 'tabular-nums', cell: (actor) => actor.startDate },
          { title: 'Description', className: 'max-w-md truncate text-muted', cell: (actor) => actor.description },
          { title: 'Incidents', numeric: true, cell: (actor) => actor.incidentCount },
        ]}
      />
    </section>
  );
}

export function OrganizationTags() {
  const { mirror, organizationID } = useOrganizationPage();
  const tags = [...mirror.incidentTags].sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
  return (
    <section aria-label="Incident tags">
      <ul className="flex flex-wrap gap-2">
        {tags.map((tag) => (
          <li key={tag.name}>
            <Link
              to="/organization/$organizationID/{-$viewName}/tag/$incidentTagName"
              params={{ organizationID, viewName: 'tags', incidentTagName: tag.name }}
              className="flex items-center gap-1.5 rounded-full border border-line bg-panel px-3 py-1 hover:bg-raised"
            >
              <span
                aria-hidden="true"
                className="inline-block size-2.5 rounded-full"
                style={{ backgroundColor: tag.color || 'var(--ck-muted)' }}
              />
              {tag.name}
              <span className="text-xs text-muted tabular-nums">{tag.count}</span>
            </Link>
          </li>
        ))}
        {tags.length === 0 ? <li className="text-muted">No incident tags yet.</li> : null}
      </ul>
    </section>
  );
}
