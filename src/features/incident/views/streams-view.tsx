/* The streams view: each stream with its format, size, clock offset and tags; a name opens its panel. */
import { Link } from '@tanstack/react-router';
import { formatElapsed } from '../../../../domain/time/format-elapsed.ts';
import { useIncidentPage } from '../incident-page-context.ts';
import { StreamSwatch } from '../stream-swatch.tsx';
import { DataTable } from '../../../ui/data-table.tsx';

export function StreamsView() {
  const { data, incidentID, streamColorIndex } = useIncidentPage();
  return (
    <section aria-label="Streams" className="min-w-0">
      <DataTable
        columns={[
          { title: 'Stream' },
          { title: 'Format' },
          { title: 'Events', numeric: true },
          { title: 'Clock offset' },
          { title: 'Tags' },
        ]}
      >
        {data.streams.map((stream) => (
          <tr key={stream.id} className="border-t border-line">
            <td className="px-2 py-1">
              <span className="flex items-center gap-1.5">
                {stream.isMarkerStream ? (
                  <span aria-hidden="true">◆</span>
                ) : (
                  <StreamSwatch index={streamColorIndex.get(stream.id)} />
                )}
                <Link
                  to="/incident/$incidentID/{-$viewName}/stream/$streamID"
                  params={{ incidentID, viewName: 'streams', streamID: stream.id }}
                  className="text-accent hover:underline"
                >
                  {stream.name}
                </Link>
              </span>
            </td>
            <td className="px-2 py-1 text-muted">
              {stream.isMarkerStream ? 'markers' : (stream.importFormat ?? 'manual')}
            </td>
            <td className="px-2 py-1 text-right tabular-nums">{stream.eventCount.toLocaleString('en')}</td>
            <td className="px-2 py-1 font-mono text-xs">
              {stream.clockOffsetMicroseconds === 0 ? '' : formatElapsed(stream.clockOffsetMicroseconds)}
            </td>
            <td className="px-2 py-1 text-muted">{stream.tags.join(', ')}</td>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}
