/* The actors view: the incident's actors, humans and bots, with their event counts; a name opens its panel. */
import { Link } from '@tanstack/react-router';
import { useIncidentPage } from '../incident-page-context.ts';
import { DataTable } from '../../../ui/data-table.tsx';

export function ActorsView() {
  const { data, incidentID } = useIncidentPage();
  const actors = [...data.actors].sort((a, b) => b.eventCount - a.eventCount || a.name.localeCompare(b.name));
  return (
    <section aria-label="Actors" className="min-w-0">
      <DataTable
        columns={[
          { title: 'Actor' },
          { title: 'Kind' },
          { title: 'Events', numeric: true },
          { title: 'Organization actor' },
        ]}
      >
        {actors.map((actor) => (
          <tr key={actor.id} className="border-t border-line">
            <td className="px-2 py-1">
              <Link
                to="/incident/$incidentID/{-$viewName}/actor/$incidentActorID"
                params={{ incidentID, viewName: 'actors', incidentActorID: actor.id }}
                className="text-accent hover:underline"
              >
                {actor.name}
              </Link>
            </td>
            <td className="px-2 py-1 text-muted">{actor.isBot ? 'bot' : 'human'}</td>
            <td className="px-2 py-1 text-right tabular-nums">{actor.eventCount.toLocaleString('en')}</td>
            <td className="px-2 py-1">
              {actor.organizationActorID !== null ? (
                <Link
                  to="/organization/$organizationID/{-$viewName}/actor/$organizationActorID"
                  params={{
                    organizationID: data.incident.organizationID,
                    organizationActorID: actor.organizationActorID,
                  }}
                  className="text-accent hover:underline"
                >
                  linked
                </Link>
              ) : (
                <span className="text-muted">—</span>
              )}
            </td>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}
