/* The event sub-route: the event's facts and everything an analyst annotates on it. */
import { useMemo } from 'react';
import { eventDuration } from '../../../../domain/event.ts';
import { formatDuration } from '../../../../domain/time/format-duration.ts';
import { formatElapsed } from '../../../../domain/time/format-elapsed.ts';
import { formatMicros } from '../../../../domain/time/format-micros.ts';
import { useTimeZoneReady } from '../../../ui/timestamp.tsx';
import { useIncidentPage } from '../incident-page-context.ts';
import { DetailPanel, DetailSection, NotFound } from './detail-panel.tsx';
import { Facts } from '../../../ui/facts.tsx';
import { IncidentItemLink } from '../../../ui/entity-link.tsx';
import { EventCollectionsEditor } from './event-collections-editor.tsx';
import { EventLinksEditor } from './event-links-editor.tsx';
import { EventNotesEditor } from './event-notes-editor.tsx';
import { EventTagsEditor } from './event-tags-editor.tsx';
import { EventUploadsEditor } from './event-uploads-editor.tsx';
import { eventMessagePending, eventPositionOfID } from '../../../data/mirror/index.ts';

/** What an analyst annotates on an event, in the order the panel shows it. */
const EDITORS = [
  ['Tags', EventTagsEditor],
  ['Notes', EventNotesEditor],
  ['Collections and reply thread', EventCollectionsEditor],
  ['Links', EventLinksEditor],
  ['Files', EventUploadsEditor],
] as const;

export function EventDetailPanel({ eventID }: { eventID: number }) {
  const { events, data, incidentID, timeZone, streamsByID, actorsByID } = useIncidentPage();
  const zone = useTimeZoneReady(timeZone) ? timeZone : 'UTC';
  const event = useMemo(() => events[eventPositionOfID(events, eventID)], [events, eventID]);
  if (!event) return <NotFound kind="event" id={eventID} />;
  const first = data.incident.firstTimestamp ?? event.startTimestamp;
  const { durationMicroseconds, hasDuration } = eventDuration(event.startTimestamp, event.endTimestamp);
  const stream = streamsByID.get(event.streamID);
  const actor = actorsByID.get(event.actorID);
  return (
    <DetailPanel title={event.isMarker ? `Marker: ${event.message}` : `Event ${event.id}`} kind="event">
      <Facts
        rows={[
          ['Time', `${formatMicros(event.startTimestamp, zone)} ${zone}`],
          ['Elapsed', formatElapsed(event.startTimestamp - first)],
          ['Duration', hasDuration ? formatDuration(durationMicroseconds) : 'instant'],
          [
            'Stream',
            stream ? (
              <IncidentItemLink incidentID={incidentID} item={{ streamID: stream.id }}>
                {stream.name}
              </IncidentItemLink>
            ) : (
              ''
            ),
          ],
          [
            'Actor',
            actor ? (
              <IncidentItemLink incidentID={incidentID} item={{ incidentActorID: actor.id }}>
                {actor.name}
              </IncidentItemLink>
            ) : (
              '—'
            ),
          ],
        ]}
      />
      <p className="rounded bg-canvas p-2 break-words whitespace-pre-wrap" data-testid="event-message">
        {eventMessagePending(event) ? <span className="text-muted">Loading the message…</span> : event.message}
      </p>
      {EDITORS.map(([title, Editor]) => (
        <DetailSection key={title} title={title}>
          <Editor eventID={event.id} />
        </DetailSection>
      ))}
    </DetailPanel>
  );
}
