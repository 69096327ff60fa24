/* The streams view: each stream with its format, size, clock offset and tags; a name opens its panel. */
import { formatElapsed } from '../../../../domain/time/format-elapsed.ts';
import { useIncidentPage } from '../incident-page-context.ts';
import { StreamSwatch } from '../stream-swatch.tsx';
import { DataTable } from '../../../ui/data-table.tsx';
import { IncidentItemLink } from '../../../ui/entity-link.tsx';

export function StreamsView() {
  const { data, incidentID, streamColorIndex } = useIncidentPage();
  return (
    <section aria-label="Streams" className="min-w-0">
      <DataTable
        rows={data.streams}
        rowKey={(stream) => stream.id}
        columns={[
          {
            title: 'Stream',
            cell: (stream) => (
              <span className="flex items-center gap-1.5">
                {stream.isMarkerStream ? (
                  <span aria-hidden="true">◆</span>
                ) : (
                  <StreamSwatch index={streamColorIndex.get(stream.id)} />
                )}
                <IncidentItemLink incidentID={incidentID} item={{ streamID: stream.id }} viewName="streams">
                  {stream.name}
                </IncidentItemLink>
              </span>
            ),
          },
          {
            title: 'Format',
            className: 'text-muted',
            cell: (stream) => (stream.isMarkerStream ? 'markers' : (stream.importFormat ?? 'manual')),
          },
          { title: 'Events', numeric: true, cell: (stream) => stream.eventCount.toLocaleString('en') },
          {
            title: 'Clock offset',
            className: 'font-mono text-xs',
            cell: (stream) =>
              stream.clockOffsetMicroseconds === 0 ? '' : formatElapsed(stream.clockOffsetMicroseconds),
          },
          { title: 'Tags', className: 'text-muted', cell: (stream) => stream.tags.join(', ') },
        ]}
      />
    </section>
  );
}
