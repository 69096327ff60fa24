/* The streams view: each stream with its format, size, clock offset and tags; a name opens its panel. */
import { Link } from '@tanstack/react-router';
import { formatElapsed } from '../../../../domain/time/format-elapsed.ts';
import { useIncidentPage } from '../incident-page-context.ts';
import { StreamSwatch } from '../stream-swatch.tsx';

export function StreamsView() {
  const { data, incidentID, streamColorIndex } = useIncidentPage();
  return (
    <section aria-label="Streams" className="min-w-0">
      <table className="w-full border-collapse rounded-md border border-line bg-panel text-sm">
        <thead className="bg-raised text-left">
          <tr>
            <th className="px-2 py-1.5">Stream</th>
            <th className="px-2 py-1.5">Format</th>
            <th className="px-2 py-1.5 text-right">Events</th>
            <th className="px-2 py-1.5">Clock offset</th>
            <th className="px-2 py-1.5">Tags</th>
          </tr>
        </thead>
        <tbody>
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
        </tbody>
      </table>
    </section>
  );
}
