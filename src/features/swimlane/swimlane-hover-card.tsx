/* Details of what the pointer is over in the swimlane: an event, a group, a bin or a marker. */
import { countNoun } from '../../../domain/count-noun.ts';
import { formatDuration } from '../../../domain/time/format-duration.ts';
import type { SwimlaneHit } from '../../render/swimlane/swimlane-scene.ts';
import { harPhases } from '../../render/swimlane/har-phases.ts';
import type { SwimlaneColumn } from './swimlane-columns.ts';
import type { SwimlaneEventRow } from './swimlane-event-row.ts';
import { eventMessagePending } from '../../data/mirror/index.ts';

export interface HoverState {
  hit: SwimlaneHit;
  x: number;
  y: number;
}

interface SwimlaneHoverCardProps {
  hover: HoverState;
  events: readonly SwimlaneEventRow[];
  columns: readonly SwimlaneColumn[];
  streamNames: ReadonlyMap<number, string>;
  formatTime: (micros: number, pattern?: string) => string;
}

export function SwimlaneHoverCard({ hover, events, columns, streamNames, formatTime }: SwimlaneHoverCardProps) {
  const { hit } = hover;
  let body;
  if (hit.kind === 'event') {
    const event = events[hit.position];
    if (!event) return null;
    const durationMicros = event.endTimestamp - event.startTimestamp;
    const phases = harPhases(event.extra);
    body = (
      <>
        <p className="font-mono text-[11px] text-muted">
          {formatTime(event.startTimestamp)}
          {durationMicros > 0 ? ` · ${formatDuration(durationMicros)}` : ''}
        </p>
        <p className="text-muted">
          {columns.find((column) => column.id === event.actorID)?.name ?? ''} · {streamNames.get(event.streamID) ?? ''}
        </p>
        <p className="line-clamp-4 break-words">
          {eventMessagePending(event) ? <span className="text-muted">Loading the message…</span> : event.message}
        </p>
        {phases ? (
          <p className="font-mono text-[11px] text-muted">
            {phases.map((part) => `${part.phase} ${formatDuration(Math.max(0, part.ms) * 1000)}`).join(' · ')}
          </p>
        ) : null}
      </>
    );
  } else if (hit.kind === 'group') {
    body = <p>{hit.positions.length.toLocaleString('en')} nearby events: click to open the group</p>;
  } else if (hit.kind === 'bin') {
    body = (
      <>
        <p>
          {countNoun(hit.count, 'event')} of {columns[hit.column]?.name ?? ''}
        </p>
        <p className="font-mono text-[11px] text-muted">
          {formatTime(Math.round(hit.fromMicros))} – {formatTime(Math.round(hit.toMicros), 'HH:mm:ss.SSSSSS')}
        </p>
        <p className="text-muted">Click to zoom in</p>
      </>
    );
  } else {
    body = (
      <>
        <p className="font-mono text-[11px] text-muted">Marker · {formatTime(hit.marker.startMicros)}</p>
        <p className="break-words">{hit.marker.message}</p>
      </>
    );
  }
  return (
    <div
      role="tooltip"
      data-swimlane-hover=""
      className="pointer-events-none absolute z-10 max-w-sm rounded-md border border-line bg-panel px-2 py-1 text-xs shadow-md"
      style={{ left: hover.x + 14, top: hover.y + 40 }}
    >
      {body}
    </div>
  );
}
