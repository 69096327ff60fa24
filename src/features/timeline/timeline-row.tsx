/*
 * One row of the event timeline: time in the chosen zone, the offset from the incident's start
 * (a setting), the stream's colour, the actor, the message (truncated per setting) and its tags.
 * Markers span the whole row. User text is rendered as text, never markup.
 */
import { memo, type CSSProperties } from 'react';
import { paletteColor } from '../../../domain/color/palette.ts';
import { formatElapsed } from '../../../domain/time/format-elapsed.ts';
import { formatMicros } from '../../../domain/time/format-micros.ts';
import { classNames } from '../../ui/class-names.ts';
import type { TimelineEvent, TimelineRowInfo } from './timeline-types.ts';
import { eventMessagePending } from '../../data/mirror/index.ts';

const TIME_PATTERN = 'YYYY-MM-DD HH:mm:ss.SSS';
const MARKER_GLYPHS = { none: '◆', circle: '●', airplane: '✈', rocket: '🚀' } as const;

/** A marker's symbol (spec section 3), kept in its extra by PUT /api/event/{id}/symbol. */
function markerSymbol(event: TimelineEvent): 'circle' | 'airplane' | 'rocket' | undefined {
  const symbol = event.extra?.['symbol'];
  return symbol === 'circle' || symbol === 'airplane' || symbol === 'rocket' ? symbol : undefined;
}

interface TimelineRowProps {
  event: TimelineEvent;
  info: TimelineRowInfo;
  zone: string;
  firstMicros: number;
  showOffset: boolean;
  truncate: boolean;
  highlighted: boolean;
  selected: boolean;
  /** At the time cursor (the map's clock passing it). */
  current?: boolean;
  onSelect: (eventID: number) => void;
}

export const TimelineRow = memo(function TimelineRow({
  event,
  info,
  zone,
  firstMicros,
  showOffset,
  truncate,
  highlighted,
  selected,
  current = false,
  onSelect,
}: TimelineRowProps) {
  const time = formatMicros(event.startTimestamp, zone, TIME_PATTERN);
  // A marker and an event are one kind of row to the table and the keyboard; only their look differs.
  const row = {
    role: 'row',
    'aria-selected': selected,
    'aria-current': current ? 'time' : undefined,
    'data-event-id': event.id,
    onClick: () => onSelect(event.id),
  } as const;
  if (event.isMarker) {
    return (
      <div
        {...row}
        data-marker="true"
        className={classNames(
          'flex cursor-pointer items-center gap-3 border-y border-accent/40 bg-accent/10 px-2 py-1 font-medium',
          current && 'border-l-4 border-l-accent bg-accent/25',
          selected && 'outline-2 -outline-offset-2 outline-focus',
        )}
      >
        <span role="cell" className="font-mono text-xs text-muted tabular-nums">
          {time}
        </span>
        <span role="cell" className="min-w-0 flex-1 truncate text-center" data-symbol={markerSymbol(event) ?? 'none'}>
          {MARKER_GLYPHS[markerSymbol(event) ?? 'none']} {event.message}
        </span>
        {showOffset ? (
          <span role="cell" className="font-mono text-xs whitespace-nowrap text-muted tabular-nums">
            {formatElapsed(event.startTimestamp - firstMicros)}
          </span>
        ) : null}
      </div>
    );
  }
  return (
    <div
      {...row}
      data-highlighted={highlighted || undefined}
      className={classNames(
        // Wraps the message onto its own line rather than squeezing it below a readable width
        // (a detail panel open beside a narrow timeline left "F..").
        'flex cursor-pointer flex-wrap items-start gap-x-2 border-b border-line/60 px-2 py-1 hover:bg-raised',
        highlighted && 'bg-warning-bg',
        current && 'border-l-4 border-l-accent bg-accent/15',
        selected && 'bg-raised outline-2 -outline-offset-2 outline-focus',
      )}
    >
      <span role="cell" className="w-44 shrink-0 font-mono text-xs leading-5 text-muted tabular-nums">
        {time}
      </span>
      {showOffset ? (
        <span
          role="cell"
          className="min-w-28 shrink-0 font-mono text-xs leading-5 whitespace-nowrap text-muted tabular-nums"
        >
          {formatElapsed(event.startTimestamp - firstMicros)}
        </span>
      ) : null}
      <span
        role="cell"
        aria-label={`stream ${info.streamName}`}
        title={info.streamName}
        className="mt-1 h-3 w-1.5 shrink-0 rounded-sm bg-[var(--stream-light)] dark:bg-[var(--stream-dark)]"
        style={
          {
            '--stream-light': paletteColor(info.colorIndex, 'light'),
            '--stream-dark': paletteColor(info.colorIndex, 'dark'),
          } as CSSProperties
        }
      />
      <span role="cell" className="w-36 shrink-0 truncate font-medium leading-5" title={info.actorName}>
        {info.actorName}
      </span>
      <span
        role="cell"
        data-cell="message"
        className={classNames('min-w-48 flex-1 leading-5', truncate ? 'truncate' : 'whitespace-pre-wrap break-words')}
        title={truncate ? event.message : undefined}
      >
        {eventMessagePending(event) ? <span className="text-muted">Loading the message…</span> : event.message}
      </span>
      {info.tags.length > 0 ? (
        <span role="cell" className="flex shrink-0 flex-wrap gap-1">
          {info.tags.map((tag) => (
            <span
              key={tag.name}
              className="rounded-full border px-1.5 text-xs leading-4"
              style={{ borderColor: tag.color || undefined }}
            >
              {tag.name}
            </span>
          ))}
        </span>
      ) : null}
    </div>
  );
});
