/*
 * Why an incident picture has nothing to draw, and what to do: no events yet, every event hidden by
 * the filters, or (for the pictures drawn by actor) no event with an actor, as after a Timesketch
 * import or a log without an actor column. When only some events lack an actor, a note says how
 * many are left out of the picture.
 */
import { Link } from '@tanstack/react-router';
import { useMemo, type ReactNode } from 'react';
import { countNoun } from '../../domain/count-noun.ts';
import { eventListColumns } from '../data/mirror/index.ts';
import { useIncidentPage } from '../features/incident/incident-page-context.ts';
import { EmptyState } from '../ui/empty-state.tsx';

export interface EmptyPicture {
  /** Shown instead of the picture. */
  empty?: ReactNode;
  /** Shown above the picture. */
  note?: ReactNode;
}

export function useEmptyPicture(picture: string, byActor: boolean): EmptyPicture {
  const { incidentID, events, eventsRead, filtered, data, actorsByID, settings } = useIncidentPage();
  const withoutActor = useMemo(() => {
    if (!byActor) return { count: 0, withActor: 0, first: undefined };
    let count = 0;
    let withActor = 0;
    let firstAt: number | undefined;
    // The list's columns when it has them: a million events counted without building their rows.
    const columns = eventListColumns(events);
    const length = events.length;
    for (let position = 0; position < length; position += 1) {
      const event = columns ? undefined : events[position];
      if (event ? event.isMarker : columns?.isMarker[position] === 1) continue;
      const actorID = event ? event.actorID : (columns?.actorIDs[position] ?? 0);
      if (actorID !== 0 && actorsByID.has(actorID)) {
        withActor += 1;
        continue;
      }
      count += 1;
      firstAt ??= position;
    }
    return { count, withActor, first: firstAt === undefined ? undefined : events[firstAt] };
  }, [byActor, events, actorsByID]);
  const heightPx = settings.visualizationHeight;
  // A reopened large incident takes a moment to read from this device: not "no events" meanwhile.
  if (!eventsRead)
    return { empty: <EmptyState picture={picture} heightPx={heightPx} reason="Loading events…" loading /> };
  if (events.length === 0) {
    return {
      empty: (
        <EmptyState picture={picture} heightPx={heightPx} reason="This incident has no events yet.">
          <Link
            to="/incident/$incidentID/{-$viewName}"
            params={{ incidentID, viewName: 'create-stream' }}
            className="text-accent underline"
          >
            Add a stream
          </Link>{' '}
          from a file (a log, a chat export, a HAR capture, a Timesketch export) and its events show here.
        </EmptyState>
      ),
    };
  }
  const stream = withoutActor.first
    ? data.streams.find((candidate) => candidate.id === withoutActor.first?.streamID)
    : undefined;
  const streamLink = stream ? (
    <Link
      to="/incident/$incidentID/{-$viewName}/stream/$streamID"
      params={{ incidentID, streamID: stream.id }}
      className="text-accent underline"
    >
      Open the stream {stream.name}
    </Link>
  ) : null;
  if (withoutActor.count > 0 && withoutActor.withActor === 0) {
    return {
      empty: (
        <EmptyState
          picture={picture}
          heightPx={heightPx}
          reason="These events have no actor: choose an actor column in the stream's import settings."
        >
          {streamLink}
          {streamLink ? ' and import it again with the column that names who (or what) acted. ' : ''}The event timeline
          shows these events meanwhile.
        </EmptyState>
      ),
    };
  }
  if (filtered.count === 0 && picture !== 'event-timeline') {
    return {
      empty: (
        <EmptyState
          picture={picture}
          heightPx={heightPx}
          reason="Every event is hidden by the filters or the time interval."
        >
          Show more streams, actors or tags in the side panel, clear the search, or widen the time interval in the
          toolbar.
        </EmptyState>
      ),
    };
  }
  if (withoutActor.count > 0) {
    return {
      note: (
        <p role="note" className="text-sm text-muted" data-events-without-actor={withoutActor.count}>
          {countNoun(withoutActor.count, 'event')} of{' '}
          {(withoutActor.count + withoutActor.withActor).toLocaleString('en')} have no actor and are not drawn here:
          choose an actor column in the stream&apos;s import settings. {streamLink}
        </p>
      ),
    };
  }
  return {};
}
