/* The stream's first events as they are and as the offset being typed would put them. */
import type { EventRow } from '../../../domain/event.ts';
import { StreamTime } from './stream-time.tsx';

const TH = 'px-2 py-1 text-left font-medium whitespace-nowrap';
const TD = 'px-2 py-0.5 align-top';

export function OffsetPreviewTable({
  events,
  currentMicros,
  nextMicros,
  actorNames,
  zone,
}: {
  events: readonly EventRow[];
  currentMicros: number;
  /** undefined while the typed offset does not parse: the shifted column stays empty. */
  nextMicros: number | undefined;
  actorNames: ReadonlyMap<number, string>;
  zone: string;
}) {
  if (events.length === 0) return <p className="text-sm text-muted">This stream has no events to shift.</p>;
  return (
    <div className="max-h-80 overflow-auto rounded-md border border-line bg-panel">
      <table className="w-full table-fixed text-sm" aria-label="Offset preview">
        <colgroup>
          <col className="w-[12.5rem]" />
          <col className="w-[12.5rem]" />
          <col className="w-28" />
          <col />
        </colgroup>
        <thead className="sticky top-0 border-b border-line bg-raised text-muted">
          <tr>
            <th className={TH}>Raw time</th>
            <th className={TH}>Shifted time</th>
            <th className={TH}>Actor</th>
            <th className={TH}>Message</th>
          </tr>
        </thead>
        <tbody>
          {events.map((event) => {
            // Stored times carry the current offset; the raw time is what the source said.
            const raw = event.startTimestamp - currentMicros;
            return (
              <tr key={event.id} className="border-b border-line last:border-b-0">
                <td className={TD} data-preview="raw">
                  <StreamTime micros={raw} zone={zone} />
                </td>
                <td className={TD} data-preview="shifted">
                  {nextMicros === undefined ? (
                    <span className="text-muted">—</span>
                  ) : (
                    <StreamTime micros={raw + nextMicros} zone={zone} />
                  )}
                </td>
                <td className={`${TD} truncate whitespace-nowrap`}>
                  {event.isMarker ? '(marker)' : (actorNames.get(event.actorID) ?? '')}
                </td>
                <td className={`${TD} truncate`} title={event.message}>
                  {event.message}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
