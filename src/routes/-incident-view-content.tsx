/* Which view or picture an incident URL shows in the main area (spec section 2's view names). */
import { useParams } from '@tanstack/react-router';
import type { ViewName } from '../../domain/views.ts';
import { ActorsView } from '../features/incident/views/actors-view.tsx';
import { AnnotationsView } from '../features/incident/views/annotations-view.tsx';
import { EventSearchView } from '../features/incident/views/event-search-view.tsx';
import { EventsTableView } from '../features/incident/views/events-table-view.tsx';
import { PictureComingLater } from '../features/incident/views/picture-coming-later.tsx';
import { StreamsView } from '../features/incident/views/streams-view.tsx';
import { TagsView } from '../features/incident/views/tags-view.tsx';
import { IncidentChart } from './-incident-charts.tsx';
import { IncidentSwimlane } from './-incident-swimlane.tsx';
import { IncidentMaps } from './-incident-maps.tsx';
import { IncidentTimeline } from './-incident-timeline.tsx';

export function IncidentViewContent({ viewName, visualizationName }: { viewName: ViewName | undefined; visualizationName: string | undefined }) {
  const { eventID }: { eventID?: number } = useParams({ strict: false });
  switch (viewName) {
    case 'events':
      return <EventsTableView selectedEventID={eventID} />;
    case 'event-search':
      return <EventSearchView />;
    case 'annotations':
      return <AnnotationsView />;
    case 'tags':
      return <TagsView />;
    case 'streams':
      return <StreamsView />;
    case 'actors':
      return <ActorsView />;
    case 'swimlane':
      return <IncidentSwimlane selectedEventID={eventID} />;
    default:
      break;
  }
  const picture = visualizationName ?? 'event-timeline';
  if (picture === 'event-timeline') return <IncidentTimeline selectedEventID={eventID} />;
  if (picture === 'swimlane') return <IncidentSwimlane selectedEventID={eventID} />;
  if (picture === 'actor-bar' || picture === 'actor-scatter' || picture === 'actor-circle') return <IncidentChart name={picture} selectedEventID={eventID} />;
  if (picture === 'create-map' || picture === 'map') return <IncidentMaps picture={picture} selectedEventID={eventID} />;
  return <PictureComingLater name={picture} />;
}
