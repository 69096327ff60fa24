/* The actors view: the incident's actors, humans and bots, with their event counts; a name opens its panel. */
import { Link } from '@tanstack/react-router';
import { useIncidentPage } from '../incident-page-context.ts';

export function ActorsView() {
  const { data, incidentID } = useIncidentPage();
  const actors = [...data.actors].sort((a, b) => b.eventCount - a.eventCount || a.name.localeCompare(b.name));
  return (
    <section aria-label="Actors" className="min-w-0">
      <table className="w-full border-collapse rounded-md border border-line bg-panel text-sm">
        <thead className="bg-raised text-left">
          <tr>
            <th className="px-2 py-1.5">Actor</th>
            <th className="px-2 py-1.5">Kind</th>
            <th className="px-2 py-1.5 text-right">Events</th>
            <th className="px-2 py-1.5">Organization actor</th>
          </tr>
        </thead>
        <tbody>
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
        </tbody>
      </table>
    </section>
  );
}
