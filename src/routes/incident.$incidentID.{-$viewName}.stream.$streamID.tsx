/*
 * The stream sub-route: the stream panel (features/streams), given the analyst's time zone
 * (features/settings). Features never import each other, so they meet here.
 */
import { createFileRoute } from '@tanstack/react-router';
import { useTimeZone } from '../features/settings/use-time-zone.ts';
import { StreamPanel } from '../features/streams/stream-panel.tsx';
import { idParam } from './-route-params.ts';

export const Route = createFileRoute('/incident/$incidentID/{-$viewName}/stream/$streamID')({
  params: idParam('streamID'),
  component: IncidentStream,
});

function IncidentStream() {
  const { incidentID, streamID } = Route.useParams();
  const [timeZone] = useTimeZone();
  return <StreamPanel key={`${incidentID}-${streamID}`} incidentID={incidentID} streamID={streamID} timeZone={timeZone} />;
}
