/* The views of an incident (spec: VIEW_NAMES that belong to an incident) and its pictures, as tabs of links. */
import { Link, useParams } from '@tanstack/react-router';
import { currentMark } from '../../ui/current-mark.ts';
import { EVENT_PICTURES, pictureTabs } from '../../ui/picture-labels.ts';
import { useIncidentPage } from './incident-page-context.ts';

const VIEWS = [
  { viewName: 'events', label: 'Events' },
  { viewName: 'event-search', label: 'Search' },
  { viewName: 'annotations', label: 'Annotations' },
  { viewName: 'tags', label: 'Tags' },
  { viewName: 'streams', label: 'Streams' },
  { viewName: 'actors', label: 'Actors' },
  { viewName: 'create-stream', label: 'Add stream' },
] as const;

// Beside one incident, the incident bar shows where this incident stands among the others.
const PICTURES = pictureTabs([...EVENT_PICTURES, 'incident-bar', 'cross-incident-connections'], {
  'incident-bar': 'Among incidents',
});

export function IncidentViewNav() {
  const { incidentID } = useIncidentPage();
  const params: { viewName?: string; visualizationName?: string } = useParams({ strict: false });
  const picture = params.visualizationName ?? (params.viewName === undefined ? 'event-timeline' : undefined);
  return (
    <nav aria-label="Incident views" className="flex flex-wrap gap-x-1 border-b border-line">
      {PICTURES.map((item) => (
        <Link
          key={item.visualizationName}
          to="/incident/$incidentID/{-$viewName}/type/$visualizationName"
          // viewName cleared: otherwise the router keeps the current one (/events/type/…) and the view stays.
          params={{ incidentID, viewName: undefined, visualizationName: item.visualizationName }}
          {...currentMark(picture === item.visualizationName && params.viewName === undefined, 'compact')}
        >
          {item.label}
        </Link>
      ))}
      <span aria-hidden="true" className="mx-1 self-center text-line">
        |
      </span>
      {VIEWS.map((item) => (
        <Link
          key={item.viewName}
          to="/incident/$incidentID/{-$viewName}"
          params={{ incidentID, viewName: item.viewName }}
          {...currentMark(params.viewName === item.viewName, 'compact')}
        >
          {item.label}
        </Link>
      ))}
    </nav>
  );
}
