/*
 * The stream sub-route: the stream panel (features/streams), given the analyst's time zone
 * (features/settings), with re-import reading the updated file through the create-stream preview
 * (features/imports). Features never import each other, so they meet here.
 */
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { EvidencePreview } from '../features/imports/evidence-preview.tsx';
import { useTimeZone } from '../features/settings/use-time-zone.ts';
import { ReimportSection } from '../features/streams/reimport-section.tsx';
import { StreamPanel } from '../features/streams/stream-panel.tsx';
import { idParam } from './-route-params.ts';

export const Route = createFileRoute('/incident/$incidentID/{-$viewName}/stream/$streamID')({
  params: idParam('streamID'),
  component: IncidentStream,
});

function IncidentStream() {
  const { incidentID, viewName, streamID } = Route.useParams();
  const [timeZone] = useTimeZone();
  const navigate = useNavigate();
  return (
    <StreamPanel
      key={`${incidentID}-${streamID}`}
      incidentID={incidentID}
      streamID={streamID}
      timeZone={timeZone}
      onClose={() => void navigate({ to: '/incident/$incidentID/{-$viewName}', params: { incidentID, viewName } })}
      reimport={(data, onMerged) => (
        <ReimportSection
          streamID={data.stream.id}
          zone={timeZone}
          onMerged={onMerged}
          renderPreview={(onChoice, errors) => (
            <EvidencePreview
              errors={errors}
              onChoice={onChoice}
              fileLabel="Updated file"
              // Undated lines are read on the day the stream's events start, as the server reads them.
              firstEventMicros={data.incident.firstTimestamp ?? undefined}
              startDayMicros={
                data.summary.startMicros === undefined
                  ? undefined
                  : data.summary.startMicros - data.stream.clockOffsetMicroseconds
              }
            />
          )}
        />
      )}
    />
  );
}
