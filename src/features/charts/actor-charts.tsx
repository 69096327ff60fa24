/*
 * The incident's actor charts: actor-bar (events per actor stacked by stream), actor-scatter (a
 * dot per event, time against actor) and actor-circle (actors packed by event count in a worker,
 * humans and bots apart). Counts come from the shown events, bots only when the analyst shows them.
 */
import { spanLabelPattern } from '../../../domain/time/axis-time-pattern.ts';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { PackedNode } from '../../../domain/charts/pack-actors.ts';
import { renderBarChart } from '../../render/charts/bar-chart-renderer.ts';
import { packInWorker } from '../../render/charts/chart-worker-clients.ts';
import { renderCircles, type PlacedCircle } from '../../render/charts/circle-renderer.ts';
import { renderScatter } from '../../render/charts/scatter-renderer.ts';
import { actorsShown, binByActor, countByActorAndStream, type ChartActor, type CountableEvent } from './chart-counts.ts';
import { ChartFrame } from './chart-frame.tsx';
import { useChartTheme } from './use-chart-theme.ts';

export interface ActorChartProps {
  events: readonly CountableEvent[];
  positions: Uint32Array;
  actors: readonly ChartActor[];
  streams: ReadonlyArray<{ id: number; name: string; colorIndex: number }>;
  showBots: boolean;
  heightPx: number;
  fromMicros: number;
  toMicros: number;
  formatTime: (micros: number, pattern?: string) => string;
}

function useActorCounts({ events, positions, actors, streams, showBots }: ActorChartProps) {
  return useMemo(() => {
    const shown = actorsShown(actors, showBots);
    const result = countByActorAndStream(events, positions, shown, streams.map((stream) => stream.id));
    const order = result.actors.map((_, index) => index).sort((a, b) => (result.totals[b] ?? 0) - (result.totals[a] ?? 0) || (result.actors[a]?.name ?? '').localeCompare(result.actors[b]?.name ?? ''));
    return { ...result, order };
  }, [events, positions, actors, streams, showBots]);
}

export function ActorBarChart(props: ActorChartProps) {
  const theme = useChartTheme();
  const counts = useActorCounts(props);
  const { streams } = props;
  const draw = useCallback(
    (canvas: HTMLCanvasElement) =>
      renderBarChart(canvas, {
        rows: counts.order.map((index) => ({ label: counts.actors[index]?.name ?? '', segments: counts.counts[index] ?? [] })),
        colors: streams.map((stream) => theme.palette[stream.colorIndex % theme.palette.length] ?? theme.text),
        text: theme.text,
        grid: theme.grid,
      }),
    [counts, streams, theme],
  );
  return (
    <ChartFrame
      name="actor-bar"
      title="Events per actor, by stream"
      heightPx={props.heightPx}
      draw={draw}
      table={{
        caption: 'Events per actor and stream',
        columns: ['Actor', 'Events', ...streams.map((stream) => stream.name)],
        rows: counts.order.map((index) => [counts.actors[index]?.name ?? '', counts.totals[index] ?? 0, ...(counts.counts[index] ?? [])]),
      }}
    />
  );
}

const SCATTER_BINS = 480;

export function ActorScatterChart(props: ActorChartProps) {
  const theme = useChartTheme();
  const counts = useActorCounts(props);
  const { events, positions, fromMicros, toMicros, formatTime } = props;
  const rows = useMemo(() => counts.order.map((index) => counts.actors[index] as ChartActor), [counts]);
  const grid = useMemo(() => binByActor(events, positions, rows, fromMicros, toMicros, SCATTER_BINS), [events, positions, rows, fromMicros, toMicros]);
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
          label: formatTime(Math.round(fromMicros + fraction * (toMicros - fromMicros)), spanLabelPattern(fromMicros, toMicros, 5, (at) => formatTime(Math.round(at), 'YYYY-MM-DD'))),
        })),
      }),
    [rows, grid, theme, formatTime, fromMicros, toMicros],
  );
  return (
    <ChartFrame
      name="actor-scatter"
      title="Events of each actor over time"
      heightPx={props.heightPx}
      draw={draw}
      table={{ caption: 'Events per actor', columns: ['Actor', 'Events'], rows: counts.order.map((index) => [counts.actors[index]?.name ?? '', counts.totals[index] ?? 0]) }}
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
    const members = (bots: boolean) => counts.actors.flatMap((actor, index) => (actor.isBot === bots ? [{ id: actor.id, name: actor.name, count: counts.totals[index] ?? 0 }] : []));
    const widthPx = 900;
    const groups = [{ name: 'Humans', members: members(false) }, ...(props.showBots ? [{ name: 'Bots', members: members(true) }] : [])];
    packInWorker({ widthPx, heightPx, groups })
      .then((nodes) => {
        if (current) setPacked({ nodes, widthPx });
      })
      .catch((error: unknown) => console.error('actor-circle layout failed', error));
    return () => {
      current = false;
    };
  }, [counts, heightPx, props.showBots]);
  const draw = useCallback(
    (canvas: HTMLCanvasElement) => {
      if (!packed) return renderCircles(canvas, { circles: [], text: theme.text });
      // The pack was laid out at a fixed width: scaled to the canvas, centred.
      const scale = Math.min(canvas.clientWidth / packed.widthPx, 1);
      const offsetX = (canvas.clientWidth - packed.widthPx * scale) / 2;
      const circles: PlacedCircle[] = packed.nodes.map((node) => ({
        x: offsetX + node.x * scale,
        y: node.y * scale,
        r: node.r * scale,
        label: node.name,
        color: node.id === undefined ? theme.muted : (theme.palette[node.group === 0 ? 0 : 2] ?? theme.text),
        outline: node.id === undefined,
      }));
      renderCircles(canvas, { circles, text: theme.text });
    },
    [packed, theme],
  );
  return (
    <ChartFrame
      name="actor-circle"
      title="Actors by event count, humans and bots apart"
      heightPx={heightPx}
      draw={draw}
      status={packed ? undefined : 'Laying out…'}
      table={{ caption: 'Events per actor', columns: ['Actor', 'Kind', 'Events'], rows: counts.order.map((index) => [counts.actors[index]?.name ?? '', counts.actors[index]?.isBot ? 'bot' : 'human', counts.totals[index] ?? 0]) }}
    />
  );
}
