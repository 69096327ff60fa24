/* The actors view: the incident's actors, humans and bots, with their event counts; a name opens its panel. */
import { useIncidentPage } from '../incident-page-context.ts';
import { DataTable } from '../../../ui/data-table.tsx';
import { IncidentItemLink } from '../../../ui/entity-link.tsx';
import { LinkedOrganizationActor } from '../linked-organization-actor.tsx';

export function ActorsView() {
  const { data, incidentID } = useIncidentPage();
  const actors = [...data.actors].sort((a, b) => b.eventCount - a.eventCount || a.name.localeCompare(b.name));
  return (
    <section aria-label="Actors" className="min-w-0">
      <DataTable
        rows={actors}
        rowKey={(actor) => actor.id}
        columns={[
          {
            title: 'Actor',
            cell: (actor) => (
              <IncidentItemLink incidentID={incidentID} item={{ incidentActorID: actor.id }} viewName="actors">
                {actor.name}
              </IncidentItemLink>
            ),
          },
          { title: 'Kind', className: 'text-muted', cell: (actor) => (actor.isBot ? 'bot' : 'human') },
          { title: 'Events', numeric: true, cell: (actor) => actor.eventCount.toLocaleString('en') },
          {
            title: 'Organization actor',
            cell: (actor) => (
              <LinkedOrganizationActor actor={actor} unlinked={<span className="text-muted">—</span>}>
                linked
              </LinkedOrganizationActor>
            ),
          },
        ]}
      />
    </section>
  );
}
