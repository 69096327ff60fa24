/* Which view or picture an incident URL shows in the main area (spec section 2's view names). */
import { useParams } from '@tanstack/react-router';
import { useEffect, type ComponentType } from 'react';
import type { ViewName } from '../../domain/views.ts';
import { ActorsView } from '../features/incident/views/actors-view.tsx';
import { AnnotationsView } from '../features/incident/views/annotations-view.tsx';
import { EventSearchView } from '../features/incident/views/event-search-view.tsx';
import { EventsTableView } from '../features/incident/views/events-table-view.tsx';
import { StreamsView } from '../features/incident/views/streams-view.tsx';
import { TagsView } from '../features/incident/views/tags-view.tsx';
import { useIncidentPage } from '../features/incident/incident-page-context.ts';
import { prewarmSwimlaneRenderer } from '../render/swimlane/swimlane-renderer.ts';
import { IncidentAmongOrganization } from './-incident-among-organization.tsx';
import { IncidentChart } from './-incident-charts.tsx';
import { useEmptyPicture } from './-incident-empty-picture.tsx';
import { IncidentSwimlane } from './-incident-swimlane.tsx';
import { IncidentMaps } from './-incident-maps.tsx';
import { IncidentTimeline } from './-incident-timeline.tsx';
import { SwimlaneLastFrame } from '../features/swimlane/swimlane-last-frame.tsx';
import { useSwimlaneFrameView } from './-swimlane-frame-view.ts';

/** The views that fill the main area in place of a picture, by their view name. */
const VIEWS: Partial<Record<ViewName, ComponentType>> = {
  events: EventsTableViewAt,
  'event-search': EventSearchView,
  annotations: AnnotationsView,
  tags: TagsView,
  streams: StreamsView,
  actors: ActorsView,
};

export function IncidentViewContent({
  viewName,
  visualizationName,
}: {
  viewName: ViewName | undefined;
  visualizationName: string | undefined;
}) {
  const View = viewName === undefined ? undefined : VIEWS[viewName];
  if (View) return <View />;
  if (viewName === 'swimlane') return <Picture name="swimlane" />;
  return <Picture name={visualizationName ?? 'event-timeline'} />;
}

function EventsTableViewAt() {
  const { eventID }: { eventID?: number } = useParams({ strict: false });
  return <EventsTableView selectedEventID={eventID} />;
}

const BY_ACTOR = new Set(['swimlane', 'actor-bar', 'actor-scatter', 'actor-circle']);

function Picture({ name }: { name: string }) {
  const { eventID }: { eventID?: number } = useParams({ strict: false });
  const drawsEvents = name === 'event-timeline' || BY_ACTOR.has(name);
  const { empty, note } = useEmptyPicture(name, BY_ACTOR.has(name));
  const { eventsRead, incidentID } = useIncidentPage();
  const frameView = useSwimlaneFrameView();
  // While the events are read or synced, the swimlane's renderer is made ahead: it is then drawn from
  // the moment they are in (start-copy-read.ts does the same on a reopen, earlier still).
  const waiting = name === 'swimlane' && !eventsRead;
  useEffect(() => {
    if (waiting) prewarmSwimlaneRenderer();
  }, [waiting]);
  if (name === 'incident-bar' || name === 'cross-incident-connections')
    return <IncidentAmongOrganization name={name} />;
  if (name === 'create-map' || name === 'map') return <IncidentMaps picture={name} selectedEventID={eventID} />;
  // A reopen shows the swimlane's last settled frame meanwhile, when everything it was drawn from is the same.
  if (waiting && empty !== undefined)
    return <SwimlaneLastFrame incidentID={incidentID} view={frameView} fallback={empty} />;
  if (drawsEvents && empty !== undefined) return empty;
  let picture;
  if (name === 'swimlane') picture = <IncidentSwimlane selectedEventID={eventID} />;
  else if (name === 'actor-bar' || name === 'actor-scatter' || name === 'actor-circle')
    picture = <IncidentChart name={name} selectedEventID={eventID} />;
  // Any other name is refused by the route's parameters; the timeline is the incident's default picture.
  else return <IncidentTimeline selectedEventID={eventID} />;
  if (!note) return picture;
  return (
    <div className="flex min-w-0 flex-1 flex-col gap-2">
      {note}
      {picture}
    </div>
  );
}
