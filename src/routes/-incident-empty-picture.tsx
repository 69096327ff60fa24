/*
 * Why an incident picture has nothing to draw, and what to do, or undefined when it has: no events
 * yet, every event hidden by the filters, or (for the pictures drawn by actor) no event with an
 * actor, as after a Timesketch import or a log without an actor column.
 */
import { Link } from '@tanstack/react-router';
import { useMemo, type ReactNode } from 'react';
import { useIncidentPage } from '../features/incident/incident-page-context.ts';
import { EmptyState } from '../ui/empty-state.tsx';

export function useEmptyPicture(picture: string, byActor: boolean): ReactNode | undefined {
  const { incidentID, events, filtered, data, actorsByID, settings } = useIncidentPage();
  const withoutActor = useMemo(() => {
    if (!byActor) return undefined;
    let first: (typeof events)[number] | undefined;
    for (const event of events) {
      if (event.isMarker) continue;
      if (event.actorID !== 0 && actorsByID.has(event.actorID)) return undefined;
      first ??= event;
    }
    return first;
  }, [byActor, events, actorsByID]);
  const heightPx = settings.visualizationHeight;
  if (events.length === 0) {
    return (
      <EmptyState picture={picture} heightPx={heightPx} reason="This incident has no events yet.">
        <Link to="/incident/$incidentID/{-$viewName}" params={{ incidentID, viewName: 'create-stream' }} className="text-accent underline">
          Add a stream
        </Link>{' '}
        from a file (a log, a chat export, a HAR capture, a Timesketch export) and its events show here.
      </EmptyState>
    );
  }
  if (withoutActor) {
    const stream = data.streams.find((candidate) => candidate.id === withoutActor.streamID);
    return (
      <EmptyState picture={picture} heightPx={heightPx} reason="These events have no actor: choose an actor column in the stream's import settings.">
        {stream ? (
          <>
            <Link to="/incident/$incidentID/{-$viewName}/stream/$streamID" params={{ incidentID, streamID: stream.id }} className="text-accent underline">
              Open the stream {stream.name}
            </Link>{' '}
            and import it again with the column that names who (or what) acted. The event timeline shows these events meanwhile.
          </>
        ) : (
          'The event timeline shows these events meanwhile.'
        )}
      </EmptyState>
    );
  }
  if (filtered.count === 0 && picture !== 'event-timeline') {
    return (
      <EmptyState picture={picture} heightPx={heightPx} reason="Every event is hidden by the filters or the time interval.">
        Show more streams, actors or tags in the side panel, clear the search, or widen the time interval in the toolbar.
      </EmptyState>
    );
  }
  return undefined;
}
