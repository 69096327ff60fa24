/*
 * The incident's actor charts: actor-bar (events per actor stacked by stream), actor-scatter (a
 * dot per event, time against actor) and actor-circle (actors packed by event count in a worker,
 * humans and bots apart). Counts come from the shown events, bots only when the analyst shows them.
 * actor-bar stays on the canvas bar renderer, not uPlot: categorical rows with no time axis (the
 * reasons are in render/charts/bar-chart-renderer.ts).
 */
import { spanLabelPattern } from '../../../domain/time/axis-time-pattern.ts';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { PackedNode } from '../../../domain/charts/pack-actors.ts';
import type { TimeRange } from '../../../domain/gestures/gesture-range.ts';
import { renderBarChart } from '../../render/charts/bar-chart-renderer.ts';
import { packInWorker } from '../../render/charts/chart-worker-clients.ts';
import { renderCircles, type PlacedCircle } from '../../render/charts/circle-renderer.ts';
import { renderScatter } from '../../render/charts/scatter-renderer.ts';
import { scatterGeometry } from '../../render/charts/scatter-renderer.ts';
import {
  barInteraction,
  circleInteraction,
  scatterInteraction,
  type ActorCircle,
  type ActorSummary,
} from './actor-chart-interactions.tsx';
import {
  actorsShown,
  binByActor,
  countByActorAndStream,
  type ChartActor,
  type CountableEvent,
} from './chart-counts.ts';
import { ChartFrame } from './chart-frame.tsx';
import type { ChartTimeAxis } from './chart-target.ts';
import { eventsByActor } from './scatter-events.ts';
import { useChartTheme } from './use-chart-theme.ts';

interface ActorChartEvent extends CountableEvent {
  readonly id: number;
  readonly message: string;
}

export interface ActorChartProps {
  events: readonly ActorChartEvent[];
  positions: Uint32Array;
  actors: readonly ChartActor[];
  streams: ReadonlyArray<{ id: number; name: string; colorIndex: number }>;
  showBots: boolean;
  heightPx: number;
  fromMicros: number;
  toMicros: number;
  formatTime: (micros: number, pattern?: string) => string;
  /** With these, a touch drag or pinch on actor-scatter moves its time range (the page's time interval) within the whole. */
  wholeRange?: TimeRange;
  onTimeRange?: (range: TimeRange) => void;
  /** Optional so a page without selection (or its own) can show the charts as pictures only. */
  selectedEventID?: number | undefined;
  onSelectEvent?: (eventID: number) => void;
  onSelectActor?: (actorID: number) => void;
}

const IGNORE = () => undefined;

function useActorCounts({ events, positions, actors, streams, showBots }: ActorChartProps) {
  return useMemo(() => {
    const shown = actorsShown(actors, showBots);
    const result = countByActorAndStream(
      events,
      positions,
      shown,
      streams.map((stream) => stream.id),
    );
    const order = result.actors
      .map((_, index) => index)
      .sort(
        (a, b) =>
          (result.totals[b] ?? 0) - (result.totals[a] ?? 0) ||
          (result.actors[a]?.name ?? '').localeCompare(result.actors[b]?.name ?? ''),
      );
    const summaries = new Map<number, ActorSummary>();
    result.actors.forEach((actor, index) => {
      const streamCounts = (result.counts[index] ?? []).flatMap((count, s) =>
        count > 0 ? [{ name: streams[s]?.name ?? '', count }] : [],
      );
      summaries.set(actor.id, {
        id: actor.id,
        name: actor.name,
        isBot: actor.isBot,
        total: result.totals[index] ?? 0,
        streams: streamCounts,
      });
    });
    return { ...result, order, summaries };
  }, [events, positions, actors, streams, showBots]);
}

/** The actor of the selected event, if it is one of the chart's. */
function useSelectedActorID({ events, selectedEventID }: ActorChartProps): number | undefined {
  return useMemo(
    () => (selectedEventID === undefined ? undefined : events.find((event) => event.id === selectedEventID)?.actorID),
    [events, selectedEventID],
  );
}

export function ActorBarChart(props: ActorChartProps) {
  const theme = useChartTheme();
  const counts = useActorCounts(props);
  const { streams } = props;
  const onSelectActor = props.onSelectActor ?? IGNORE;
  const selectedActorID = useSelectedActorID(props);
  const selectedRow = counts.order.findIndex((index) => counts.actors[index]?.id === selectedActorID);
  const draw = useCallback(
    (canvas: HTMLCanvasElement) =>
      renderBarChart(canvas, {
        rows: counts.order.map((index) => ({
          label: counts.actors[index]?.name ?? '',
          segments: counts.counts[index] ?? [],
        })),
        colors: streams.map((stream) => theme.palette[stream.colorIndex % theme.palette.length] ?? theme.text),
        text: theme.text,
        grid: theme.grid,
        selectedRow: selectedRow < 0 ? undefined : selectedRow,
        selection: theme.selection,
      }),
    [counts, streams, theme, selectedRow],
  );
  const interaction = useMemo(
    () =>
      barInteraction(
        counts.order.flatMap((index) => counts.summaries.get(counts.actors[index]?.id ?? -1) ?? []),
        onSelectActor,
      ),
    [counts, onSelectActor],
  );
  return (
    <ChartFrame
      name="actor-bar"
      title="Events per actor, by stream"
      heightPx={props.heightPx}
      draw={draw}
      interaction={interaction}
      selectedEventID={props.selectedEventID}
      table={{
        caption: 'Events per actor and stream',
        columns: ['Actor', 'Events', ...streams.map((stream) => stream.name)],
        rows: counts.order.map((index) => [
          counts.actors[index]?.name ?? '',
          counts.totals[index] ?? 0,
          ...(counts.counts[index] ?? []),
        ]),
      }}
    />
  );
}

const SCATTER_BINS = 480;

export function ActorScatterChart(props: ActorChartProps) {
  const theme = useChartTheme();
  const counts = useActorCounts(props);
  const { events, positions, fromMicros, toMicros, formatTime, selectedEventID, wholeRange, onTimeRange } = props;
  const onSelectEvent = props.onSelectEvent ?? IGNORE;
  const rows = useMemo(() => counts.order.map((index) => counts.actors[index] as ChartActor), [counts]);
  const grid = useMemo(
    () => binByActor(events, positions, rows, fromMicros, toMicros, SCATTER_BINS),
    [events, positions, rows, fromMicros, toMicros],
  );
  const times = useMemo(() => eventsByActor(events, positions, rows), [events, positions, rows]);
  const span = Math.max(1, toMicros - fromMicros);
  const selected = useMemo(() => {
    const event = selectedEventID === undefined ? undefined : events.find((row) => row.id === selectedEventID);
    const row = event ? rows.findIndex((actor) => actor.id === event.actorID) : -1;
    return event && row >= 0 && !event.isMarker
      ? { row, fraction: Math.min(1, Math.max(0, (event.startTimestamp - fromMicros) / span)) }
      : undefined;
  }, [events, selectedEventID, rows, fromMicros, span]);
  const interaction = useMemo(
    () =>
      scatterInteraction({
        rows: rows.map(
          (actor) =>
            counts.summaries.get(actor.id) ?? {
              id: actor.id,
              name: actor.name,
              isBot: actor.isBot,
              total: 0,
              streams: [],
            },
        ),
        times,
        fromMicros,
        toMicros,
        describe: (position) => ({
          time: formatTime(events[position]?.startTimestamp ?? 0),
          message: events[position]?.message ?? '',
        }),
        onSelectEvent,
      }),
    [rows, counts, times, fromMicros, toMicros, formatTime, events, onSelectEvent],
  );
  const timeAxis = useMemo<ChartTimeAxis>(
    () => ({
      microsAt: (xPx, canvas) => {
        const geometry = scatterGeometry(canvas.clientWidth, canvas.clientHeight, rows.length);
        const fraction = (xPx - geometry.plotLeftPx) / geometry.plotWidthPx;
        return fraction < 0 || fraction > 1 ? undefined : fromMicros + fraction * span;
      },
      xOf: (micros, canvas) => {
        const geometry = scatterGeometry(canvas.clientWidth, canvas.clientHeight, rows.length);
        return micros < fromMicros || micros > fromMicros + span
          ? undefined
          : geometry.plotLeftPx + ((micros - fromMicros) / span) * geometry.plotWidthPx;
      },
      ...(wholeRange && onTimeRange
        ? {
            touch: {
              range: { fromMicros, toMicros: fromMicros + span },
              bounds: wholeRange,
              plotOf: (canvas: HTMLCanvasElement) => {
                const geometry = scatterGeometry(canvas.clientWidth, canvas.clientHeight, rows.length);
                return { leftPx: geometry.plotLeftPx, widthPx: geometry.plotWidthPx };
              },
              onRange: onTimeRange,
            },
          }
        : {}),
    }),
    [rows.length, fromMicros, span, wholeRange, onTimeRange],
  );
  const draw = useCallback(
    (canvas: HTMLCanvasElement) =>
      renderScatter(canvas, {
        labels: rows.map((actor) => actor.name),
        grid,
        bins: SCATTER_BINS,
        colors: theme.palette,
        text: theme.text,
        gridLine: theme.grid,
        axis: [0, 0.25, 0.5, 0.75, 1].map((fraction) => ({
          fraction,
          label: formatTime(
            Math.round(fromMicros + fraction * (toMicros - fromMicros)),
            spanLabelPattern(fromMicros, toMicros, 5, (at) => formatTime(Math.round(at), 'YYYY-MM-DD')),
          ),
        })),
        selected,
        selection: theme.selection,
      }),
    [rows, grid, theme, formatTime, fromMicros, toMicros, selected],
  );
  return (
    <ChartFrame
      name="actor-scatter"
      title="Events of each actor over time"
      heightPx={props.heightPx}
      draw={draw}
      interaction={interaction}
      timeAxis={timeAxis}
      selectedEventID={selectedEventID}
      table={{
        caption: 'Events per actor',
        columns: ['Actor', 'Events'],
        rows: counts.order.map((index) => [counts.actors[index]?.name ?? '', counts.totals[index] ?? 0]),
      }}
    />
  );
}

export function ActorCircleChart(props: ActorChartProps) {
  const theme = useChartTheme();
  const counts = useActorCounts(props);
  const [packed, setPacked] = useState<{ nodes: PackedNode[]; widthPx: number } | undefined>(undefined);
  const { heightPx } = props;
  useEffect(() => {
    let current = true;
    const members = (bots: boolean) =>
      counts.actors.flatMap((actor, index) =>
        actor.isBot === bots ? [{ id: actor.id, name: actor.name, count: counts.totals[index] ?? 0 }] : [],
      );
    const widthPx = 900;
    const groups = [
      { name: 'Humans', members: members(false) },
      ...(props.showBots ? [{ name: 'Bots', members: members(true) }] : []),
    ];
    packInWorker({ widthPx, heightPx, groups })
      .then((nodes) => {
        if (current) setPacked({ nodes, widthPx });
      })
      .catch((error: unknown) => console.error('actor-circle layout failed', error));
    return () => {
      current = false;
    };
  }, [counts, heightPx, props.showBots]);
  const selectedActorID = useSelectedActorID(props);
  const onSelectActor = props.onSelectActor ?? IGNORE;
  const circlesOf = useCallback(
    (canvas: HTMLCanvasElement): ActorCircle[] => {
      if (!packed) return [];
      // The pack was laid out at a fixed width: scaled to the canvas, centred.
      const scale = Math.min(canvas.clientWidth / packed.widthPx, 1);
      const offsetX = (canvas.clientWidth - packed.widthPx * scale) / 2;
      return packed.nodes.map((node) => ({
        x: offsetX + node.x * scale,
        y: node.y * scale,
        r: node.r * scale,
        label: node.name,
        color: node.id === undefined ? theme.muted : (theme.palette[node.group === 0 ? 0 : 2] ?? theme.text),
        outline: node.id === undefined,
        actor: node.id === undefined ? undefined : counts.summaries.get(node.id),
      }));
    },
    [packed, theme, counts],
  );
  const draw = useCallback(
    (canvas: HTMLCanvasElement) => {
      const circles: PlacedCircle[] = circlesOf(canvas);
      const selected = circles.findIndex(
        (circle, index) => !circle.outline && packed?.nodes[index]?.id === selectedActorID,
      );
      renderCircles(canvas, {
        circles,
        text: theme.text,
        selected: selected < 0 ? undefined : selected,
        selection: theme.selection,
      });
    },
    [circlesOf, packed, selectedActorID, theme],
  );
  const interaction = useMemo(() => circleInteraction(circlesOf, onSelectActor), [circlesOf, onSelectActor]);
  return (
    <ChartFrame
      name="actor-circle"
      title="Actors by event count, humans and bots apart"
      heightPx={heightPx}
      draw={draw}
      interaction={interaction}
      selectedEventID={props.selectedEventID}
      status={packed ? undefined : 'Laying out…'}
      table={{
        caption: 'Events per actor',
        columns: ['Actor', 'Kind', 'Events'],
        rows: counts.order.map((index) => [
          counts.actors[index]?.name ?? '',
          counts.actors[index]?.isBot ? 'bot' : 'human',
          counts.totals[index] ?? 0,
        ]),
      }}
    />
  );
}
