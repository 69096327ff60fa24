/*
 * The events-over-time series (React shell of render/charts/events-over-time-chart.ts) under the
 * timeline and the swimlane: events per interval stacked by stream or actor, markers as lines.
 * Brushing sets the incident's time interval; a click (or Enter) picks an instant; it shares the
 * page's time cursor, set on hover and drawn when another picture moves it.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { coversBounds } from '../../../domain/gestures/gesture-range.ts';
import { useTimeCursorStore } from '../../data/time-cursor.ts';
import { createEventsOverTimeChart, type EventsOverTimeChart } from '../../render/charts/events-over-time-chart.ts';
import { useTimeZoneReady } from '../../ui/timestamp.tsx';
import { SeriesLegend } from './series-legend.tsx';
import { useEventBins, type SeriesEvent, type StackBy } from './use-event-bins.ts';
import { chartCursorLink } from './chart-cursor-link.ts';
import { useElementWidth, useSeriesTheme } from './use-series-frame.ts';
import { PictureRoot } from '../../ui/picture-root.tsx';

const PICTURE = 'events-over-time';
const HEIGHT_PX = 132;
/** At most a bar per three pixels (bursts stay visible), and few wide bars for a few events (so they read). */
const PX_PER_BIN = 3;
const binCountFor = (widthPx: number, eventCount: number) =>
  Math.max(1, Math.min(Math.floor(widthPx / PX_PER_BIN), Math.max(24, Math.round(eventCount / 1.5))));

interface EventsOverTimeProps {
  /**
   * The events are not handed over yet (on a swimlane, until its first frame is shown): say so, and
   * neither draw nor claim "no events".
   */
  waiting?: boolean;
  events: readonly SeriesEvent[];
  positions: Uint32Array;
  fromMicros: number;
  toMicros: number;
  /** The whole incident, where a drag or a pinch may take the range. */
  wholeFromMicros: number;
  wholeToMicros: number;
  /** Whether the incident's time interval narrows the range (then "Whole incident" widens it again). */
  narrowed: boolean;
  zone: string;
  selectedEventID: number | undefined;
  selectedMicros: number | undefined;
  streamName: (streamID: number) => string;
  streamColorIndex: (streamID: number) => number;
  actorName: (actorID: number) => string;
  onInterval: (interval: { start: number; end: number } | null) => void;
  /** A click on the plot: the instant picked (the timeline scrolls to it). */
  onPickTime?: (micros: number) => void;
}

const plural = (count: number, noun: string) => `${count.toLocaleString('en')} ${noun}${count === 1 ? '' : 's'}`;

export function EventsOverTime(props: EventsOverTimeProps) {
  const { fromMicros, toMicros, narrowed, selectedEventID, selectedMicros, onInterval, onPickTime } = props;
  const zoneReady = useTimeZoneReady(props.zone);
  const zone = zoneReady ? props.zone : 'UTC';
  const theme = useSeriesTheme();
  const rootRef = useRef<HTMLElement>(null);
  const plotRef = useRef<HTMLDivElement>(null);
  const widthPx = useElementWidth(plotRef);
  const [stackBy, setStackBy] = useState<StackBy>('stream');
  const cursorStore = useTimeCursorStore();
  const [binCount, setBinCount] = useState(1);
  const { bins, groups, markerMicros, eventCount } = useEventBins({ ...props, stackBy, binCount, theme });
  const wantedBins = binCountFor(widthPx, eventCount);
  if (wantedBins !== binCount) setBinCount(wantedBins);
  const chartRef = useRef<EventsOverTimeChart | undefined>(undefined);
  const whole = { fromMicros: props.wholeFromMicros, toMicros: props.wholeToMicros };
  const callbacks = useRef({ onInterval, onPickTime, whole });
  useEffect(() => {
    callbacks.current = { onInterval, onPickTime, whole };
  });

  const scene = bins ? { bins, groups, markerMicros, selectedMicros, fromMicros, toMicros } : undefined;
  const ready = !props.waiting && scene !== undefined && widthPx > 0;

  // Built once per colour mode and zone; scenes after that only update it.
  useEffect(() => {
    const target = plotRef.current;
    const root = rootRef.current;
    if (!ready || !target || !root || !scene) return;
    const link = chartCursorLink(root, cursorStore, PICTURE);
    const chart = createEventsOverTimeChart(target, scene, {
      widthPx: target.clientWidth,
      heightPx: HEIGHT_PX,
      theme,
      zone,
      onHover: link.onHover,
      onBrush: (start, end) => callbacks.current.onInterval({ start, end }),
      onClick: (micros) => callbacks.current.onPickTime?.(micros),
      onDoubleClick: () => callbacks.current.onInterval(null),
      touchBounds: () => callbacks.current.whole,
      // A drag or a pinch narrows the interval as a brush does; pinched out to everything, it is the whole incident again.
      onTouchRangeSettled(range) {
        const { whole: bounds, onInterval: narrow } = callbacks.current;
        if (coversBounds(range, bounds)) narrow(null);
        else
          narrow({
            start: Math.round(Math.max(bounds.fromMicros, range.fromMicros)),
            end: Math.round(Math.min(bounds.toMicros, range.toMicros)),
          });
      },
    });
    chartRef.current = chart;
    const unlink = link.drawn((micros) => chart.plot.showCursor(micros));
    return () => {
      unlink();
      chartRef.current = undefined;
      chart.destroy();
    };
    // The scene is applied by the effect below; rebuilding on every scene would lose the cursor.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready, theme, zone, cursorStore]);

  useEffect(() => {
    if (scene) chartRef.current?.update(scene);
    // scene is rebuilt from these each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [bins, groups, markerMicros, selectedMicros, fromMicros, toMicros]);

  useEffect(() => {
    if (widthPx > 0) chartRef.current?.plot.resize(widthPx, HEIGHT_PX);
  }, [widthPx]);

  // Keyboard: arrows move the shared cursor a bar at a time, Enter picks it, Escape widens to the whole incident.
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const stepMicros = (toMicros - fromMicros) / Math.max(1, bins?.binCount ?? 100);
    const at = cursorStore.get().micros ?? fromMicros;
    if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
      const next = Math.round(
        Math.min(toMicros, Math.max(fromMicros, at + (event.key === 'ArrowRight' ? stepMicros : -stepMicros))),
      );
      cursorStore.set(next, 'events-over-time-keys');
    } else if (event.key === 'Enter') onPickTime?.(Math.round(at));
    else if (event.key === 'Escape' && narrowed) onInterval(null);
    else return;
    event.preventDefault();
  }

  return (
    <PictureRoot
      ref={rootRef}
      name={PICTURE}
      label="Events over time"
      selectedEventID={selectedEventID}
      data-stack-by={stackBy}
      className="flex min-w-0 flex-col gap-1 rounded-md border border-line bg-panel px-2 py-1.5"
    >
      <SeriesLegend
        title={`Events over time${eventCount === 0 ? '' : `, ${plural(eventCount, 'event')}`}${markerMicros.length === 0 ? '' : `, ${plural(markerMicros.length, 'marker')}`}`}
        groups={groups}
        stackBy={stackBy}
        onStackBy={setStackBy}
        narrowed={narrowed}
        onWholeIncident={() => onInterval(null)}
      />
      <div
        ref={plotRef}
        role="img"
        tabIndex={0}
        aria-label="Events per interval. Drag across to narrow the time interval, double-click or Escape to widen it; by touch, pinch to zoom and drag to move it; arrow keys move the time cursor, Enter goes there."
        onKeyDown={onKeyDown}
        className="relative min-h-[132px] w-full cursor-crosshair"
      >
        {props.waiting ? (
          <p className="absolute inset-x-0 top-10 text-center text-sm text-muted">Counting events…</p>
        ) : eventCount === 0 ? (
          <p className="absolute inset-x-0 top-10 text-center text-sm text-muted">
            No events in this range to count: widen the time interval or clear the filters.
          </p>
        ) : null}
      </div>
    </PictureRoot>
  );
}
