/*
 * Composes the event-timeline picture (features/timeline) with the incident page's filtered events
 * (features/incident); selecting a row opens the event's detail panel.
 */
import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { firstAtOrAfter } from '../../domain/events/event-filter.ts';
import { useIncidentPage } from '../features/incident/incident-page-context.ts';
import { EventTimeline } from '../features/timeline/event-timeline.tsx';
import type { TimelineEvent } from '../features/timeline/timeline-types.ts';

export function IncidentTimeline({ selectedEventID }: { selectedEventID: number | undefined }) {
  const page = useIncidentPage();
  const { events, filtered, data, annotations, actorsByID, streamsByID, streamColorIndex, viewState, settings, incidentID, updateViewState, audit } = page;
  const navigate = useNavigate();
  const tagColors = new Map(data.tags.filter((tag) => tag.itemType === 'event').map((tag) => [tag.name, tag.color]));
  const hiddenTags = viewState.tagVisibility;
  const rowInfo = (event: TimelineEvent) => ({
    actorName: actorsByID.get(event.actorID)?.name ?? '',
    streamName: streamsByID.get(event.streamID)?.name ?? '',
    colorIndex: streamColorIndex.get(event.streamID) ?? 0,
    tags: (annotations.tagsByEvent.get(event.id) ?? []).filter((name) => hiddenTags[name] !== false).map((name) => ({ name, color: tagColors.get(name) ?? '' })),
  });
  const placeOfTime = useCallback((micros: number) => firstAtOrAfter(events, filtered, micros), [events, filtered]);
  const first = data.incident.firstTimestamp ?? events[0]?.startTimestamp ?? 0;
  const last = data.incident.lastTimestamp ?? events[events.length - 1]?.startTimestamp ?? first;
  const interval = viewState.timeInterval;
  return (
    <EventTimeline
      events={events}
      positions={filtered.positions}
      highlighted={filtered.highlighted}
      rowInfo={rowInfo}
      zone={page.timeZone}
      firstMicros={interval?.start ?? first}
      lastMicros={interval?.end ?? last}
      showOffset={settings.displayTimelineEventOffset}
      truncate={settings.truncateTimelineEventMessages}
      heightPx={settings.visualizationHeight}
      selectedEventID={selectedEventID ?? viewState.selectedEventIDs[0]}
      placeOfTime={placeOfTime}
      onSelectEvent={(eventID) => {
        updateViewState({ selectedEventIDs: [eventID] });
        audit('select event', { eventID });
        void navigate({ to: '/incident/$incidentID/{-$viewName}/type/$visualizationName/event/$eventID', params: { incidentID, visualizationName: 'event-timeline', eventID } });
      }}
    />
  );
}
