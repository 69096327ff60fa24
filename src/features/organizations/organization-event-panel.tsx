/*
 * An event picked in an organization's picture: what it says, and a way into its incident. Beside
 * the picture on a laptop; a sheet over it below 1200 px, as the incident's detail panels are.
 */
import { Link } from '@tanstack/react-router';
import { useApiRead } from '../../data/use-api-read.ts';
import { Timestamp } from '../../ui/timestamp.tsx';
import { fetchEvent, type OrganizationEvent } from './event-api.ts';
import { useNarrowScreen } from '../../ui/use-narrow-screen.ts';
import { ClosePanel, OrganizationPanelSheet } from './organization-panels.tsx';
import { useOrganizationPage } from './organization-page-context.ts';

export function OrganizationEventPanel({ eventID }: { eventID: number }) {
  const { timeZone, organizationID } = useOrganizationPage();
  const { state } = useApiRead(`event ${eventID}`, (signal) => fetchEvent(eventID, signal));
  const current: { event?: OrganizationEvent; failed?: boolean } =
    state.status === 'loaded' ? { event: state.value } : { failed: state.status === 'error' };
  const narrow = useNarrowScreen();
  const body = current.event ? (
    <>
      <p className="text-sm text-muted">
        {current.event.incidentName} · {current.event.streamName} ·{' '}
        <Timestamp micros={current.event.startTimestamp} zone={timeZone} />
      </p>
      <p className="break-words whitespace-pre-wrap">{current.event.message}</p>
      <Link
        to="/incident/$incidentID/{-$viewName}/event/$eventID"
        params={{ incidentID: current.event.incidentID, eventID }}
        className="text-accent hover:underline"
      >
        Open in its incident
      </Link>
    </>
  ) : current.failed ? (
    <p role="alert" className="text-muted">
      This event could not be loaded (it may not exist, or be out of reach).
    </p>
  ) : (
    <p role="status" className="text-muted">
      Loading…
    </p>
  );
  if (narrow) {
    return (
      <OrganizationPanelSheet kind="event" title={`Event ${eventID}`}>
        {body}
      </OrganizationPanelSheet>
    );
  }
  return (
    <aside
      aria-label="event details"
      data-detail-panel="event"
      className="flex w-96 shrink-0 flex-col gap-2 rounded-md border border-line bg-panel p-3"
    >
      <div className="flex items-start justify-between gap-2">
        <h2 className="text-base font-semibold">Event {eventID}</h2>
        <ClosePanel kind="event" organizationID={organizationID} />
      </div>
      {body}
    </aside>
  );
}
