/*
 * The swimlane picture: its options bar, the column headers (drag to reorder, hide), the canvas
 * with the minimap beside it, hover details and the inline reply thread. Everything about the
 * incident comes in through props; the route composes it with the incident page and view state.
 */
import { countNoun } from '../../../domain/count-noun.ts';
import { measured } from '../../../domain/measured.ts';
import { useCallback, useMemo, useRef, useState } from 'react';
import {
  eventExtraPositions,
  eventListColumns,
  eventPositionOfID,
  takeLayoutAtStart,
} from '../../data/mirror/index.ts';
import { useTimeCursorAttribute } from '../../data/use-time-cursor-attribute.ts';
import type { SwimlaneRenderer } from '../../render/swimlane/swimlane-renderer.ts';
import type { SwimlaneHit, SwimlaneScene } from '../../render/swimlane/swimlane-scene.ts';
import { harPhases } from '../../render/swimlane/har-phases.ts';
import type { TimeWindow } from '../../render/swimlane/swimlane-window.ts';
import { AXIS_WIDTH_PX } from '../../render/swimlane/swimlane-scene.ts';
import { frameScheduler, type CancelFrame } from '../../render/frame-scheduler.ts';
import { orderColumns, type SwimlaneColumn } from './swimlane-columns.ts';
import { SwimlaneColumnHeader } from './swimlane-column-header.tsx';
import { SwimlaneColumnScrollbar } from './swimlane-column-scrollbar.tsx';
import { useColumnScroll } from './use-column-scroll.ts';
import { axisElapsedText, axisTimePattern } from '../../../domain/time/axis-time-pattern.ts';
import {
  columnsRequest,
  minimapStarts,
  showsEveryPosition,
  shownOfColumns,
  swimlaneInput,
} from '../../render/swimlane/swimlane-input.ts';
import { SwimlaneCanvas } from './swimlane-canvas.tsx';
import { SwimlaneMinimap } from './swimlane-minimap.tsx';
import type { SwimlaneOptions } from './swimlane-options.ts';
import { SwimlaneToolbar } from './swimlane-toolbar.tsx';
import { SwimlaneHoverCard, type HoverState } from './swimlane-hover-card.tsx';
import { SwimlaneReplyThread, type ReplyThread } from './swimlane-reply-thread.tsx';
import { useSwimlaneLayout, type SwimlaneLayoutRequest } from './use-swimlane-layout.ts';
import { useSwimlaneTheme } from './use-swimlane-theme.ts';
import type { LastFrameKeep } from './use-keep-last-frame.ts';
import type { SwimlaneEventRow } from './swimlane-event-row.ts';

interface SwimlanePictureProps {
  events: readonly SwimlaneEventRow[];
  positions: Uint32Array;
  highlighted: Uint8Array;
  actors: readonly SwimlaneColumn[];
  columnOrder: readonly number[];
  hiddenColumnIDs: readonly number[];
  streamColorIndex: ReadonlyMap<number, number>;
  streamNames: ReadonlyMap<number, string>;
  hiddenStreamIDs: ReadonlySet<number>;
  bounds: TimeWindow;
  heightPx: number;
  options: SwimlaneOptions;
  onOptionsChange: (patch: Partial<SwimlaneOptions>) => void;
  onColumnsChange: (change: { columnOrder?: number[]; hiddenColumnIDs?: number[] }) => void;
  selectedEventID: number | undefined;
  onSelectEvent: (eventID: number) => void;
  onOpenGroup: (eventIDs: number[]) => void;
  formatTime: (micros: number, pattern?: string) => string;
  formatElapsed: (micros: number) => string;
  /** The reply thread of an event, if it has one. */
  threadOf: (eventID: number) => ReplyThread | undefined;
  /** Told when the first frame with data is drawn (benchmarks read it). */
  onFirstFrame?: (renderer: SwimlaneRenderer) => void;
  /** What the settled frame is kept under for the next reopen (use-keep-last-frame.ts). */
  lastFrame?: LastFrameKeep | undefined;
}

/** Event ids a group passes in its URL at most; the group panel lists what it gets. */
const GROUP_URL_LIMIT = 500;

export function SwimlanePicture(props: SwimlanePictureProps) {
  const {
    events,
    positions,
    highlighted,
    actors,
    columnOrder,
    hiddenColumnIDs,
    streamColorIndex,
    bounds,
    options,
    selectedEventID,
  } = props;
  const theme = useSwimlaneTheme();
  const columns = useMemo(
    () => orderColumns(actors, columnOrder, hiddenColumnIDs),
    [actors, columnOrder, hiddenColumnIDs],
  );
  const columnOfActor = useMemo(
    () => new Map(columns.visible.map((column, index) => [column.id, index])),
    [columns.visible],
  );
  // A list whose messages arrived after the first frame has the same columns: no new layout for it.
  const eventsKey = eventListColumns(events) ?? events;
  // What the label and the markers need, without making the layout's arrays here: the layout worker
  // makes them from its own read of the mirror when its events are these (issue 20).
  const shown = useMemo(
    () => {
      const columns = eventListColumns(events);
      return measured(
        'swimlane shown events',
        () =>
          columns
            ? shownOfColumns(columns, events, positions, columnOfActor)
            : (({ input, markers }) => ({ count: input.startMicros.length, markers }))(
                swimlaneInput(events, positions, highlighted, columnOfActor, streamColorIndex),
              ),
        (made) => ({ events: made.count }),
      );
    },
    // The events are in eventsKey (their columns when they have them).
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [eventsKey, positions, highlighted, columnOfActor, streamColorIndex],
  );
  // Each layout makes its request afresh (its arrays are transferred to the worker): copies of the
  // columns cost the main thread a few memcpy, the input made from them is the worker's work.
  const layoutRequest = useMemo<SwimlaneLayoutRequest>(
    () => {
      const columns = eventListColumns(events);
      if (!columns)
        return {
          kind: 'input',
          make: () => swimlaneInput(events, positions, highlighted, columnOfActor, streamColorIndex).input,
        };
      return {
        kind: 'columns',
        // The copy's worker laid out every event with the view last laid out here; taken when it is this one.
        atStart: () =>
          takeLayoutAtStart(events, {
            columnOfActor,
            colorOfStream: streamColorIndex,
            everyShown: showsEveryPosition(positions, columns.count) && !highlighted.includes(1),
          }),
        make: () =>
          measured(
            'swimlane columns copied',
            () => columnsRequest(columns, positions, highlighted, columnOfActor, streamColorIndex),
            () => ({ events: columns.count }),
          ),
      };
    },
    // The events are in eventsKey (their columns when they have them).
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [eventsKey, positions, highlighted, columnOfActor, streamColorIndex],
  );
  const { hiddenStreamIDs } = props;
  const limited = options.minimapLimitedToVisibleStreams;
  const makeStarts = useCallback(
    () =>
      minimapStarts(
        events,
        limited ? (streamID) => !hiddenStreamIDs.has(streamID) : undefined,
        eventListColumns(events),
      ),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [eventsKey, limited, hiddenStreamIDs],
  );
  const heightPx = options.swimlaneHeightLimited
    ? props.heightPx
    : Math.max(props.heightPx, Math.round(globalThis.innerHeight * 0.85));
  const { layout, busy, minimapBins } = useSwimlaneLayout(layoutRequest, {
    makeStarts,
    fromMicros: bounds.fromMicros,
    toMicros: bounds.toMicros,
    bins: heightPx,
  });

  const selected = useMemo(() => {
    if (selectedEventID === undefined) return undefined;
    const event = events[eventPositionOfID(events, selectedEventID)];
    if (!event) return undefined;
    return { event, column: columnOfActor.get(event.actorID) };
  }, [events, selectedEventID, columnOfActor]);
  // Primitives as dependencies: a refreshed event list must not move the window again.
  const focusStart = selected?.event.startTimestamp;
  const focusEnd = selected?.event.endTimestamp;
  const focusID = selected?.event.id;
  const focus = useMemo(
    () =>
      focusID !== undefined && focusStart !== undefined && focusEnd !== undefined
        ? { startMicros: focusStart, endMicros: focusEnd }
        : undefined,
    [focusID, focusStart, focusEnd],
  );

  const { formatTime } = props;
  const elapsed = options.yAxisTimeFormat === 'elapsed';
  const scene = useMemo<SwimlaneScene>(
    () => ({
      layout,
      columnCount: columns.visible.length,
      markers: shown.markers,
      selected:
        selected?.column === undefined
          ? undefined
          : {
              column: selected.column,
              startMicros: selected.event.startTimestamp,
              endMicros: selected.event.endTimestamp,
            },
      grouping: options.groupSwimlaneEvents,
      axisVisible: options.swimlaneYAxisVisible,
      theme,
      phasesOf: (position) => harPhases(events[position]?.extra),
      tickOriginMicros: elapsed ? bounds.fromMicros : 0,
      formatTick: (micros, stepMicros, shown) =>
        elapsed
          ? axisElapsedText(micros - bounds.fromMicros, stepMicros)
          : formatTime(
              Math.round(micros),
              axisTimePattern(stepMicros, shown.fromMicros, shown.toMicros, (at) => formatTime(at, 'YYYY-MM-DD')),
            ),
    }),
    [
      layout,
      columns.visible.length,
      shown.markers,
      selected,
      options.groupSwimlaneEvents,
      options.swimlaneYAxisVisible,
      theme,
      events,
      elapsed,
      formatTime,
      bounds.fromMicros,
    ],
  );

  const axisPx = options.swimlaneYAxisVisible ? AXIS_WIDTH_PX : 0;
  const {
    areaRef: columnAreaRef,
    geometry: columnGeometry,
    scrollPx: columnScrollPx,
    setScrollPx: setColumnScrollPx,
    scrollBy: scrollColumnsBy,
  } = useColumnScroll(axisPx, columns.visible.length);

  const [window, setWindow] = useState<TimeWindow>({ fromMicros: bounds.fromMicros, toMicros: bounds.toMicros });
  const [requestedWindow, setRequestedWindow] = useState<TimeWindow | undefined>(undefined);
  const [hover, setHover] = useState<HoverState | undefined>(undefined);
  const cancelFrame = useRef<CancelFrame | undefined>(undefined);
  const rootRef = useRef<HTMLElement>(null);
  useTimeCursorAttribute(rootRef);
  const onWindowChange = useCallback((next: TimeWindow) => {
    // The minimap and labels follow at most once a frame.
    cancelFrame.current?.();
    cancelFrame.current = frameScheduler.request(() => setWindow(next));
  }, []);

  const { onSelectEvent, onOpenGroup } = props;
  const onActivate = useCallback(
    (hit: SwimlaneHit) => {
      if (hit.kind === 'event') {
        const event = events[hit.position];
        if (event) onSelectEvent(event.id);
      } else if (hit.kind === 'marker') onSelectEvent(hit.marker.id);
      else if (hit.kind === 'group')
        onOpenGroup(
          hit.positions
            .slice(0, GROUP_URL_LIMIT)
            .map((position) => events[position]?.id ?? 0)
            .filter((id) => id > 0),
        );
    },
    [events, onSelectEvent, onOpenGroup],
  );

  const markerMicros = useMemo(() => shown.markers.map((marker) => marker.startMicros), [shown.markers]);
  const thread = selected ? props.threadOf(selected.event.id) : undefined;
  const threadOpen = thread !== undefined && options.inlineReplyThreadEventID === selected?.event.id;
  const shownCount = shown.count;
  const hasHar = useMemo(() => {
    // A columnar list says which events carry extra data: only those rows are built.
    const withExtra = eventExtraPositions(events);
    const candidates = withExtra ? Array.from(withExtra, (position) => events[position]) : events;
    return candidates.some(
      (event) => event?.extra !== null && typeof event?.extra === 'object' && 'timings' in event.extra,
    );
  }, [events]);

  return (
    <section
      ref={rootRef}
      aria-label="Picture swimlane"
      data-picture="swimlane"
      data-selected-event={selectedEventID}
      className="flex min-w-0 flex-col gap-2"
    >
      <SwimlaneToolbar
        options={options}
        onOptionsChange={props.onOptionsChange}
        window={window}
        onShowWindow={setRequestedWindow}
        hiddenColumns={columns.hidden}
        onShowColumn={(id) =>
          props.onColumnsChange({ hiddenColumnIDs: hiddenColumnIDs.filter((hidden) => hidden !== id) })
        }
        showPhaseLegend={hasHar}
        thread={thread && selected ? { eventID: selected.event.id, open: threadOpen } : undefined}
      />
      <div className="flex min-w-0 gap-2">
        <div ref={columnAreaRef} className="relative min-w-0 flex-1">
          <SwimlaneColumnHeader
            columns={columns.visible}
            leftPx={axisPx}
            columnWidthPx={columnGeometry.widthPx}
            scrollPx={columnScrollPx}
            order={columns.visible.map((column) => column.id).concat(columns.hidden.map((column) => column.id))}
            onReorder={(order, dropPx) => {
              props.onColumnsChange({ columnOrder: order });
              props.onOptionsChange({ swimlaneColumnDragPositionPx: dropPx });
            }}
            onHide={(id) => props.onColumnsChange({ hiddenColumnIDs: [...hiddenColumnIDs, id] })}
          />
          {columnGeometry.maxScrollPx > 0 ? (
            <SwimlaneColumnScrollbar
              leftPx={axisPx}
              contentWidthPx={columnGeometry.contentWidthPx}
              scrollPx={columnScrollPx}
              onScroll={setColumnScrollPx}
            />
          ) : null}
          <SwimlaneCanvas
            scene={scene}
            columnScrollPx={columnScrollPx}
            onColumnScroll={scrollColumnsBy}
            bounds={bounds}
            heightPx={heightPx}
            focus={focus}
            requestedWindow={requestedWindow}
            onWindowChange={onWindowChange}
            onHover={(hit, x, y) => setHover(hit ? { hit, x, y } : undefined)}
            onActivate={onActivate}
            onFirstFrame={props.onFirstFrame}
            lastFrame={props.lastFrame}
            label={`Swimlane: ${countNoun(shownCount, 'event')} in ${countNoun(columns.visible.length, 'column')}, ${countNoun(shown.markers.length, 'marker')}. Arrow keys and Page Up/Down pan, + and - zoom, 0 shows everything.`}
          />
          {hover ? (
            <SwimlaneHoverCard
              hover={hover}
              events={events}
              columns={columns.visible}
              streamNames={props.streamNames}
              formatTime={formatTime}
            />
          ) : null}
          {threadOpen && thread ? (
            <SwimlaneReplyThread
              thread={thread}
              formatTime={formatTime}
              onClose={() => props.onOptionsChange({ inlineReplyThreadEventID: null })}
              onSelectEvent={onSelectEvent}
            />
          ) : null}
          {busy && !layout ? (
            <p role="status" className="absolute inset-x-0 top-1/2 text-center text-muted">
              Laying out {countNoun(shownCount, 'event')}…
            </p>
          ) : null}
        </div>
        {options.minimapVisible ? (
          <SwimlaneMinimap
            bins={minimapBins}
            bounds={bounds}
            window={window}
            secondary={
              options.secondaryTimeWindow
                ? { fromMicros: options.secondaryTimeWindow.start, toMicros: options.secondaryTimeWindow.end }
                : null
            }
            markerMicros={markerMicros}
            scheme={theme}
            heightPx={heightPx}
            axisVisible={options.minimapYAxisVisible}
            formatTime={formatTime}
            onJump={(micros) => {
              const span = window.toMicros - window.fromMicros;
              setRequestedWindow({ fromMicros: micros - span / 2, toMicros: micros + span / 2 });
            }}
          />
        ) : null}
      </div>
      <p className="sr-only" aria-live="polite">
        Showing {formatTime(Math.round(window.fromMicros))} to {formatTime(Math.round(window.toMicros))}.
      </p>
    </section>
  );
}
