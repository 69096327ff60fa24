/*
 * The event-timeline picture (PRODUCT.md, Pictures): every shown event in time order as a
 * virtualized list, so a million rows cost what the visible forty cost. Its height is the analyst's
 * visualization height; the events-over-time series composed with it (features/series) jumps it through time.
 */
import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { useTimeCursorStore } from '../../data/time-cursor.ts';
import { useTimeCursorAttribute } from '../../data/use-time-cursor-attribute.ts';
import { useTimeZoneReady } from '../../ui/timestamp.tsx';
import { frameScheduler, type CancelFrame } from '../../render/frame-scheduler.ts';
import { useTouchGestures } from '../../ui/use-touch-gestures.ts';
import { useRowVirtualizer } from '../../ui/use-row-virtualizer.ts';
import { zoomRange, type TimeRange } from '../../../domain/gestures/gesture-range.ts';
import { cursorEvents, type CursorEvents } from './cursor-events.ts';
import { TimelineRow } from './timeline-row.tsx';
import type { TimelineEvent, TimelineRowInfo } from './timeline-types.ts';
import { PictureRoot } from '../../ui/picture-root.tsx';

interface EventTimelineProps {
  events: readonly TimelineEvent[];
  positions: Uint32Array;
  highlighted: Uint8Array;
  rowInfo: (event: TimelineEvent) => TimelineRowInfo;
  zone: string;
  firstMicros: number;
  lastMicros: number;
  showOffset: boolean;
  truncate: boolean;
  heightPx: number;
  selectedEventID: number | undefined;
  onSelectEvent: (eventID: number) => void;
  /** The place (in `positions`) of the first shown event at or after a time. */
  placeOfTime: (micros: number) => number;
  /** Told which places (in `positions`) are on screen, for exports of what the analyst sees. */
  onRangeChange?: (firstPlace: number, lastPlace: number) => void;
  /**
   * The events at the map's clock, when the timeline is under the map: marked current
   * (aria-current="time") and kept in view. Otherwise the shared hover cursor decides.
   */
  current?: CursorEvents | undefined;
  /** The list's name for assistive technology and tests. */
  label?: string | undefined;
  /** A time picked elsewhere (the events-over-time series): the list scrolls to its first event. */
  jumpTo?: { readonly micros: number } | undefined;
  /** With these, a pinch narrows (fingers apart) or widens the time interval about the rows under the fingers. */
  wholeRange?: TimeRange | undefined;
  onTimeRange?: ((range: TimeRange) => void) | undefined;
}

const ROW_HEIGHT_PX = 29;

export function EventTimeline(props: EventTimelineProps) {
  const {
    events,
    positions,
    highlighted,
    rowInfo,
    firstMicros,
    showOffset,
    truncate,
    heightPx,
    selectedEventID,
    onSelectEvent,
    placeOfTime,
    onRangeChange,
  } = props;
  const cursorStore = useTimeCursorStore();
  const sharedCursor = useSharedCursorMicros();
  const current = props.current ?? cursorEvents(events, positions, sharedCursor);
  const rootRef = useRef<HTMLElement>(null);
  useTimeCursorAttribute(rootRef);
  const zoneReady = useTimeZoneReady(props.zone);
  const zone = zoneReady ? props.zone : 'UTC';
  const { scrollRef, virtualizer } = useRowVirtualizer({
    count: positions.length,
    rowHeightPx: ROW_HEIGHT_PX,
    overscan: 12,
    getItemKey: (index) => events[positions[index] ?? 0]?.id ?? index,
  });
  const items = virtualizer.getVirtualItems();
  const firstItem = items[0];
  const lastItem = items[items.length - 1];
  const firstPlace = firstItem?.index ?? 0;
  const lastPlace = lastItem?.index ?? -1;
  useEffect(() => onRangeChange?.(firstPlace, lastPlace), [onRangeChange, firstPlace, lastPlace]);

  // Bring the selected event into view when it is chosen elsewhere (a detail panel, another view).
  useEffect(() => {
    if (selectedEventID === undefined) return;
    for (let index = 0; index < positions.length; index += 1) {
      if (events[positions[index] ?? 0]?.id === selectedEventID) {
        virtualizer.scrollToIndex(index, { align: 'auto' });
        return;
      }
    }
    // Only on a new selection, not on every scroll.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selectedEventID]);

  // Follow the time cursor as it moves (a replay passing events).
  const currentPlace = current?.place;
  useEffect(() => {
    if (currentPlace !== undefined) virtualizer.scrollToIndex(currentPlace, { align: 'auto' });
    // Only when the cursor reaches another moment.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [currentPlace]);

  const jumpTo = props.jumpTo;
  useEffect(() => {
    if (jumpTo) virtualizer.scrollToIndex(placeOfTime(jumpTo.micros), { align: 'start' });
    // Only when another time is picked (a new request object), not as the list changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [jumpTo]);

  // Touch: a drag scrolls (the browser's, pan-y), a tap is the row's click, a long-press holds the
  // cursor at the row's time (a finger's hover) and a pinch zooms the time interval, handed over as
  // the fingers lift (the list filters once per pinch).
  const pinched = useRef<TimeRange | undefined>(undefined);
  const held = useRef(false);
  const eventAtY = (yPx: number) => {
    const item = virtualizer.getVirtualItemForOffset((scrollRef.current?.scrollTop ?? 0) + yPx);
    return item ? events[positions[item.index] ?? -1] : undefined;
  };
  const touch = useTouchGestures(
    (gesture) => {
      if (gesture.kind === 'long-press') {
        const event = eventAtY(gesture.yPx);
        held.current = true;
        if (event) cursorStore.set(event.startTimestamp, 'event-timeline');
      } else if (gesture.kind === 'zoom' && props.wholeRange) {
        const range = pinched.current ?? {
          fromMicros: firstMicros,
          toMicros: Math.max(props.lastMicros, firstMicros + 1),
        };
        const at = eventAtY(gesture.yPx)?.startTimestamp ?? (range.fromMicros + range.toMicros) / 2;
        const fraction = Math.max(
          0,
          Math.min(1, (at - range.fromMicros) / Math.max(1, range.toMicros - range.fromMicros)),
        );
        pinched.current = zoomRange(range, gesture.factor, fraction * 1000, 1000, props.wholeRange);
        scrollRef.current?.setAttribute('data-pinching', '');
      }
    },
    {
      capture: false,
      onSettle: () => {
        const range = pinched.current;
        pinched.current = undefined;
        scrollRef.current?.removeAttribute('data-pinching');
        if (range) props.onTimeRange?.(range);
      },
    },
  );

  // Hovering a row sets the shared cursor to its start, so the other pictures show that instant.
  const onPointerMove = (event: ReactPointerEvent<HTMLElement>) => {
    if (touch.onPointerMove(event)) return;
    const row = (event.target as HTMLElement).closest<HTMLElement>('[data-index]');
    const place = row ? Number(row.dataset['index']) : Number.NaN;
    const hovered = Number.isInteger(place) ? events[positions[place] ?? -1] : undefined;
    if (hovered) cursorStore.set(hovered.startTimestamp, 'event-timeline');
  };
  const onPointerLeave = () => {
    if (cursorStore.get().source === 'event-timeline') cursorStore.set(undefined, 'event-timeline');
  };

  return (
    <PictureRoot
      ref={rootRef}
      name="event-timeline"
      label="Event timeline"
      selectedEventID={selectedEventID}
      className="flex min-w-0 flex-1 flex-col gap-1.5"
    >
      <div
        ref={scrollRef}
        role="table"
        aria-label={props.label ?? 'Events in time order'}
        aria-rowcount={positions.length}
        tabIndex={0}
        className="overflow-auto rounded-md border border-line bg-panel"
        data-testid="event-timeline-list"
        style={{ height: heightPx, touchAction: 'pan-y' }}
        onPointerDown={(event) => {
          held.current = false;
          touch.onPointerDown(event);
        }}
        onPointerUp={(event) => void touch.onPointerUp(event)}
        onPointerCancel={(event) => void touch.onPointerCancel(event)}
        // A finger lifted after a long-press keeps the cursor and selects nothing.
        onClickCapture={(event) => {
          if (!held.current) return;
          held.current = false;
          event.stopPropagation();
        }}
        onPointerMove={onPointerMove}
        onPointerLeave={(event) => {
          if (event.pointerType === 'mouse') onPointerLeave();
        }}
      >
        {positions.length === 0 ? (
          <p className="p-4 text-muted">No events match the filters.</p>
        ) : (
          <div role="rowgroup" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {items.map((item) => {
              const event = events[positions[item.index] ?? 0];
              if (!event) return null;
              return (
                <div
                  key={item.key}
                  data-index={item.index}
                  ref={virtualizer.measureElement}
                  style={{
                    position: 'absolute',
                    top: 0,
                    left: 0,
                    right: 0,
                    transform: `translateY(${item.start}px)`,
                    minHeight: ROW_HEIGHT_PX,
                  }}
                >
                  <TimelineRow
                    event={event}
                    info={rowInfo(event)}
                    zone={zone}
                    firstMicros={firstMicros}
                    showOffset={showOffset}
                    truncate={truncate}
                    highlighted={highlighted[item.index] === 1}
                    selected={event.id === selectedEventID}
                    current={current?.eventIDs.has(event.id) ?? false}
                    onSelect={onSelectEvent}
                  />
                </div>
              );
            })}
          </div>
        )}
      </div>
    </PictureRoot>
  );
}

/**
 * The shared cursor when another picture set it, followed at most once a frame: marking the rows at
 * that instant re-renders the visible rows, not the list, and never faster than the screen.
 */
function useSharedCursorMicros(): number | undefined {
  const store = useTimeCursorStore();
  const [micros, setMicros] = useState<number | undefined>(undefined);
  useEffect(() => {
    let cancelFrame: CancelFrame | undefined;
    const follow = () => {
      cancelFrame?.();
      cancelFrame = frameScheduler.request(() => {
        const cursor = store.get();
        setMicros(cursor.source === 'event-timeline' ? undefined : cursor.micros);
      });
    };
    follow();
    const unsubscribe = store.subscribe(follow);
    return () => {
      cancelFrame?.();
      unsubscribe();
    };
  }, [store]);
  return micros;
}
