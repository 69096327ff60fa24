/* The stream's first events as they are and as the offset being typed would put them. */
import type { EventRow } from '../../../domain/event.ts';
import { PreviewTable } from '../../ui/preview-table.tsx';
import { StreamTime } from './stream-time.tsx';

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
    <PreviewTable
      label="Offset preview"
      heads={['Raw time', 'Shifted time', 'Actor', 'Message']}
      tall
      columnWidths={['w-[12.5rem]', 'w-[12.5rem]', 'w-28', '']}
    >
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
    </PreviewTable>
  );
}
