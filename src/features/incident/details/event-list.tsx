/* A short list of events (a collection's, a group's, an actor's), each opening its own panel. */
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { formatMicros } from '../../../../domain/time/format-micros.ts';
import { useTimeZoneReady } from '../../../ui/timestamp.tsx';
import type { EventRow } from '../incident-data.ts';
import { useIncidentPage } from '../incident-page-context.ts';

export function EventList({
  events,
  action,
  label,
}: {
  events: readonly EventRow[];
  action?: (event: EventRow) => ReactNode;
  label: string;
}) {
  const { incidentID, timeZone, actorsByID } = useIncidentPage();
  const zone = useTimeZoneReady(timeZone) ? timeZone : 'UTC';
  return (
    <ol
      aria-label={label}
      className="flex max-h-96 flex-col divide-y divide-line overflow-auto rounded border border-line"
    >
      {events.map((event) => (
        <li key={event.id} className="flex flex-col gap-0.5 px-2 py-1 text-sm" data-event-id={event.id}>
          <div className="flex items-center gap-2 text-xs text-muted">
            <span className="font-mono">{formatMicros(event.startTimestamp, zone, 'YYYY-MM-DD HH:mm:ss')}</span>
            <span className="truncate">{event.isMarker ? 'marker' : (actorsByID.get(event.actorID)?.name ?? '')}</span>
            <Link
              to="/incident/$incidentID/{-$viewName}/event/$eventID"
              params={{ incidentID, eventID: event.id }}
              className="ml-auto text-accent hover:underline"
            >
              Open
            </Link>
            {action ? action(event) : null}
          </div>
          <p className="line-clamp-2 break-words">{event.message}</p>
        </li>
      ))}
      {events.length === 0 ? <li className="px-2 py-1 text-sm text-muted">No events.</li> : null}
    </ol>
  );
}
